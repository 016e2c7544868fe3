import { backendContract } from './backend-contract';

backendContract({ backend: 'embedded' });
