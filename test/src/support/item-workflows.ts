import { Client, Connection, type WorkflowExecutionInfo } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { stackInfo } from './stack-info';
import { waitFor } from '@rp/test-kit';

/** A Temporal client on the test stack's server, as an operator's UI or CLI would use it. */
export async function temporalClient(): Promise<{ client: Client; close: () => Promise<void> }> {
  const connection = await Connection.connect({ address: stackInfo().temporalAddress });
  return { client: new Client({ connection }), close: () => connection.close() };
}

/** The visibility query an operator types in the Temporal UI to list a collection's image items. */
export const itemWorkflowQuery = (collectionId: string) => `CollectionId = '${collectionId}' AND WorkflowType = 'imageItemWorkflow'`;

/**
 * Every execution of a collection's image item workflows, once visibility (eventually consistent) lists `count` of
 * them closed. A workflow started twice would be listed twice, so callers compare ids too.
 */
export async function listItemWorkflows(client: Client, collectionId: string, count: number): Promise<WorkflowExecutionInfo[]> {
  return waitFor(
    async () => {
      const found: WorkflowExecutionInfo[] = [];
      for await (const wf of client.workflow.list({ query: itemWorkflowQuery(collectionId) })) found.push(wf);
      return found.length >= count && found.every((wf) => wf.status.name !== 'RUNNING') ? found : null;
    },
    { timeoutMs: 60_000, everyMs: 500, what: `${count} closed item workflows of collection ${collectionId} in visibility` },
  );
}

/** The event types of a workflow's history, by name (`EVENT_TYPE_MARKER_RECORDED`, ...). */
export async function historyEvents(client: Client, workflowId: string) {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  return (history.events ?? []).map((e) => ({ type: temporal.api.enums.v1.EventType[e.eventType!]!, event: e }));
}
