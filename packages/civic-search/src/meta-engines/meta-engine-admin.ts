import { EngineExistsError, type EngineAdmin, type EngineInfo } from '../engines/engine-admin';
import { engineNameProblem } from '../engines/engine-definition';
import { unionSchema } from './meta-definitions';
import { UnknownEngineError } from '../search/types';
import { ApiError, badRequest } from '../write-api/api-error';
import { MAX_SOURCE_ENGINES, type MetaEngineRecord, type MetaEngines } from './meta-engines';

export const META_MESSAGES = {
  sources: `"source_engines" must list 1 to ${MAX_SOURCE_ENGINES} engine names`,
  tooMany: `A meta engine can have at most ${MAX_SOURCE_ENGINES} source engines`,
  lastSource: 'A meta engine needs at least one source engine: delete the meta engine instead',
  noDocuments: 'A meta engine holds no documents of its own: index documents into its source engines.',
  notMeta: 'This engine is not a meta engine.',
} as const;

export const notASource = (engine: string) => `Engine "${engine}" is not a source engine of this meta engine`;
export const unknownSource = (engine: string) => `Engine "${engine}" does not exist or is a meta engine`;

/** An engine admin that also keeps meta engines. */
export interface MetaEngineAdmin extends EngineAdmin {
  createMetaEngine(name: string, sources: unknown): Promise<EngineInfo>;
  addSourceEngines(name: string, sources: unknown): Promise<EngineInfo>;
  removeSourceEngines(name: string, sources: unknown): Promise<EngineInfo>;
}

export const isMetaEngineAdmin = (admin: EngineAdmin): admin is MetaEngineAdmin =>
  typeof (admin as Partial<MetaEngineAdmin>).createMetaEngine === 'function';

const sourceList = (sources: unknown): string[] => {
  if (!Array.isArray(sources) || sources.length === 0 || sources.some((source) => typeof source !== 'string')) {
    throw badRequest(META_MESSAGES.sources);
  }
  return [...new Set(sources as string[])];
};

/**
 * App Search's meta engines over an engine admin: a meta engine lists, gets and deletes as an engine does (type
 * `meta`, its `source_engines`, the documents of its sources counted), its schema is its sources' fields together,
 * and it holds no documents. Its sources must be engines of documents (a meta engine of meta engines is refused, as
 * App Search refuses it), at most MAX_SOURCE_ENGINES. An engine deleted leaves every meta engine it was a source of.
 */
export function withMetaEngines(admin: EngineAdmin, metas: MetaEngines): MetaEngineAdmin {
  const info = async (meta: MetaEngineRecord): Promise<EngineInfo> => {
    const counts = await Promise.all(meta.source_engines.map(async (source) => (await admin.engineInfo(source))?.document_count ?? 0));
    return {
      name: meta.name,
      type: 'meta',
      language: null,
      document_count: counts.reduce((sum, count) => sum + count, 0),
      source_engines: [...meta.source_engines],
    };
  };
  const checkedSources = async (sources: string[]) => {
    const missing = (await Promise.all(sources.map(async (source) => ((await admin.engineInfo(source)) ? undefined : source)))).filter(
      (source): source is string => source !== undefined,
    );
    if (missing.length > 0) throw badRequest(...missing.map(unknownSource));
    if (sources.length > MAX_SOURCE_ENGINES) throw badRequest(META_MESSAGES.tooMany);
    return sources;
  };
  const existingMeta = async (name: string) => {
    const meta = await metas.get(name);
    if (meta) return meta;
    if (await admin.engineInfo(name)) throw badRequest(META_MESSAGES.notMeta);
    throw new UnknownEngineError(name);
  };
  const noDocuments = async (engine: string) => {
    if (await metas.get(engine)) throw badRequest(META_MESSAGES.noDocuments);
  };

  return {
    listEngines: async () => [...(await admin.listEngines()), ...(await Promise.all((await metas.all()).map(info)))],
    engineInfo: async (name) => {
      const meta = await metas.get(name);
      return meta ? info(meta) : admin.engineInfo(name);
    },
    createEngine: async (name, language) => {
      if (await metas.get(name)) throw new EngineExistsError(name);
      return admin.createEngine(name, language);
    },
    deleteEngine: async (name) => {
      if (await metas.delete(name)) return true;
      const deleted = await admin.deleteEngine(name);
      if (deleted) {
        for (const meta of await metas.all()) {
          if (!meta.source_engines.includes(name)) continue;
          const rest = meta.source_engines.filter((source) => source !== name);
          // A meta engine left with no source has nothing to search: it goes with its last source.
          if (rest.length === 0) await metas.delete(meta.name);
          else await metas.put({ ...meta, source_engines: rest });
        }
      }
      return deleted;
    },
    schema: async (engine) => {
      const meta = await metas.get(engine);
      if (!meta) return admin.schema(engine);
      return unionSchema(await Promise.all(meta.source_engines.map((source) => admin.schema(source))));
    },
    updateSchema: async (engine, fields) => (await noDocuments(engine), admin.updateSchema(engine, fields)),
    putDocuments: async (engine, documents) => (await noDocuments(engine), admin.putDocuments(engine, documents)),
    patchDocuments: async (engine, patches) => (await noDocuments(engine), admin.patchDocuments(engine, patches)),
    getDocuments: async (engine, ids) => (await noDocuments(engine), admin.getDocuments(engine, ids)),
    listDocuments: async (engine, page) => (await noDocuments(engine), admin.listDocuments(engine, page)),
    deleteDocuments: async (engine, ids) => (await noDocuments(engine), admin.deleteDocuments(engine, ids)),

    async createMetaEngine(name, sources) {
      const problem = engineNameProblem(name);
      if (problem) throw badRequest(problem);
      const record = { name, source_engines: await checkedSources(sourceList(sources)) };
      if ((await admin.engineInfo(name)) || !(await metas.create(record))) throw new EngineExistsError(name);
      return info(record);
    },
    async addSourceEngines(name, sources) {
      const meta = await existingMeta(name);
      const added = sourceList(sources).filter((source) => !meta.source_engines.includes(source));
      const record = { ...meta, source_engines: await checkedSources([...meta.source_engines, ...added]) };
      await metas.put(record);
      return info(record);
    },
    async removeSourceEngines(name, sources) {
      const meta = await existingMeta(name);
      const removed = sourceList(sources);
      const strangers = removed.filter((source) => !meta.source_engines.includes(source));
      if (strangers.length > 0) throw badRequest(...strangers.map(notASource));
      const rest = meta.source_engines.filter((source) => !removed.includes(source));
      if (rest.length === 0) throw new ApiError(400, [META_MESSAGES.lastSource]);
      const record = { ...meta, source_engines: rest };
      await metas.put(record);
      return info(record);
    },
  };
}
