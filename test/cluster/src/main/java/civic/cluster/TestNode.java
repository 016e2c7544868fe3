package civic.cluster;

import java.util.List;

import org.opensearch.analysis.common.CommonAnalysisPlugin;
import org.opensearch.common.settings.Settings;
import org.opensearch.index.mapper.MapperExtrasPlugin;
import org.opensearch.index.reindex.ReindexPlugin;
import org.opensearch.node.InternalSettingsPreparer;
import org.opensearch.node.Node;
import org.opensearch.transport.Netty4Plugin;

/**
 * An OpenSearch node whose modules come from the classpath rather than a distribution's modules folder: HTTP and
 * transport (Netty 4), the common analyzers, search-as-you-type and reindex. A plain node runs no bootstrap checks
 * and installs no security manager, which is what a test on a shared machine needs.
 */
final class TestNode extends Node {
    TestNode(Settings settings) {
        super(
            InternalSettingsPreparer.prepareEnvironment(settings, java.util.Map.of(), null,
                () -> settings.get("node.name")),
            List.of(Netty4Plugin.class, CommonAnalysisPlugin.class, MapperExtrasPlugin.class, ReindexPlugin.class),
            true
        );
    }
}
