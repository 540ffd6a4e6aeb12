// Every workflow the workers register. Workers bundle this file (workflowsPath = require.resolve('@rp/workflows')).
export * from './render-workflow';
export * from './collection-workflow';
export * from './image-item-workflow';
export * from './webhook-delivery-workflow';
export * from './emit-event-workflow';
export * from './scheduled-run-workflow';
export * from './preview-workflow';
export * from './preflight-workflow';
export * from './engine-decision-workflow';
export * from './pin-resources-workflow';
