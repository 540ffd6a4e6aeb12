import { Connection } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from '@rp/workflow-safe';

/** temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD (avoids a direct @temporalio/proto dep). */
const KEYWORD = 2;
/** How long a workflow's history is kept after it closes, on a namespace the stack registers (cluster profile). */
const RETENTION_SECONDS = 7 * 24 * 3600;
/** gRPC status NOT_FOUND / ALREADY_EXISTS. */
const NOT_FOUND = 5;
const ALREADY_EXISTS = 6;

type RegisterRequest = Parameters<Connection['workflowService']['registerNamespace']>[0];

const grpcCode = (e: unknown) => (e as { code?: number }).code;

/**
 * What an operator does once per cluster, as the operator would, through the frontend's workflow and operator
 * services: register the namespace (`register`: the Temporal server starts with none; the dev server has `default`),
 * then the platform's search attributes (`SEARCH_ATTRIBUTES` in @rp/workflow-safe, all Keyword). True once the namespace
 * answers and every attribute is listed; false while a registration is still propagating (call again).
 */
export async function ensureNamespaceAndSearchAttributes(address: string, namespace: string, register: boolean): Promise<boolean> {
  const connection = await Connection.connect({ address, connectTimeout: '2s' });
  try {
    try {
      await connection.workflowService.describeNamespace({ namespace });
    } catch (e) {
      if (!register || grpcCode(e) !== NOT_FOUND) throw e;
      // protobufjs takes a plain number for an int64 field (typed as Long)
      const request = { namespace, workflowExecutionRetentionPeriod: { seconds: RETENTION_SECONDS } } as unknown as RegisterRequest;
      await connection.workflowService
        .registerNamespace(request)
        .catch((err: unknown) => {
          if (grpcCode(err) !== ALREADY_EXISTS) throw err;
        });
      return false; // the frontend's namespace cache picks it up within its refresh interval
    }
    const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
    const missing = Object.keys(SEARCH_ATTRIBUTES).filter((k) => !customAttributes?.[k]);
    if (missing.length === 0) return true;
    const searchAttributes = Object.fromEntries(missing.map((k) => [k, KEYWORD]));
    try {
      await connection.operatorService.addSearchAttributes({ namespace, searchAttributes });
    } catch (e) {
      if (grpcCode(e) !== ALREADY_EXISTS && !/already exists/i.test((e as Error).message)) throw e;
    }
    return false; // check again: registration is asynchronous
  } finally {
    await connection.close();
  }
}
