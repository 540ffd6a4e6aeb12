import type { ApiResponse, TestOrg } from '../index';
import { CARD_HTML, CARD_PLACEHOLDERS } from '../support/render-helpers';

/** What an org's writes were answered: the rows the database must hold afterwards, no more, no fewer. */
export interface OrgWrites {
  /** Its templates: the one made before the burst and each one a create answered 2xx. */
  templateIds: string[];
  /** Per template, every name a PATCH answered 2xx (and its first name): the stored one must be one of them. */
  templateNames: Map<string, Set<string>>;
  /** People a create answered 201. */
  personIds: string[];
  /** Per Idempotency-Key of an image create, the ids its 2xx answers gave (one, however often it was sent). */
  imageIdsByKey: Map<string, Set<string>>;
  /** Keys sent once, waiting for their second send (a client retrying a create it got no answer to). */
  toResend: string[];
}

/** The card as the studio saves it, its engine decided at save so that no parity check renders beside the burst. */
export const cardTemplate = (name: string) => ({
  name, type: 'image', format: 'png', width: 400, height: 300, composition_html: CARD_HTML, placeholders: CARD_PLACEHOLDERS, engine: 'native',
});

const ok = (status: number) => status >= 200 && status < 300;
const pick = <T>(list: T[], n: number): T | undefined => list[n % list.length];
const imageBody = (o: OrgWrites, key: string) => ({ template_id: o.templateIds[0], modifications: [{ name: 'title', text: key }] });

/** An operation a user of the API does, against one org: its answer, and what it wrote when that was 2xx. */
type Operation = (org: TestOrg, o: OrgWrites, n: number) => Promise<ApiResponse>;

async function createImage(org: TestOrg, o: OrgWrites, key: string): Promise<ApiResponse> {
  const res = await org.api.post('/v1/images', imageBody(o, key), { 'idempotency-key': key });
  if (ok(res.status)) {
    const ids = o.imageIdsByKey.get(key) ?? new Set<string>();
    o.imageIdsByKey.set(key, ids.add(res.body.id));
  }
  return res;
}

const OPERATIONS: Record<string, Operation> = {
  listTemplates: (org) => org.api.get('/v1/templates?limit=20'),
  getTemplate: (org, o, n) => org.api.get(`/v1/templates/${pick(o.templateIds, n)}`),
  listPeople: (org) => org.api.get('/v1/people?limit=20'),
  getPerson: (org, o, n) => (o.personIds.length ? org.api.get(`/v1/people/${pick(o.personIds, n)}`) : org.api.get('/v1/people?limit=1')),
  listImages: (org) => org.api.get('/v1/images?limit=20'),
  getImage: (org, o, n) => {
    const ids = [...o.imageIdsByKey.values()].map((s) => [...s][0]!);
    return ids.length ? org.api.get(`/v1/images/${pick(ids, n)}`) : org.api.get('/v1/images?limit=1');
  },
  createPerson: async (org, o, n) => {
    const res = await org.api.post('/v1/people', { first_name: `Ramp ${n}`, external_id: `ramp-${n}` });
    if (res.status === 201) o.personIds.push(res.body.id);
    return res;
  },
  createTemplate: async (org, o, n) => {
    const res = await org.api.post('/v1/templates', cardTemplate(`Ramp card ${n}`));
    if (ok(res.status)) {
      o.templateIds.push(res.body.id);
      o.templateNames.set(res.body.id, new Set([`Ramp card ${n}`]));
    }
    return res;
  },
  patchTemplate: async (org, o, n) => {
    const id = pick(o.templateIds, n)!;
    const res = await org.api.patch(`/v1/templates/${id}`, { name: `Renamed ${n}` });
    if (ok(res.status)) o.templateNames.get(id)!.add(`Renamed ${n}`);
    return res;
  },
  createImage: (org, o, n) => {
    o.toResend.push(`ramp-${n}`);
    return createImage(org, o, `ramp-${n}`);
  },
  // the same create again, as a client retries one whose answer it lost: it must not render twice
  resendImage: (org, o, n) => createImage(org, o, o.toResend.shift() ?? `ramp-${n}`),
};

/** The mix, in the order it cycles through: 13 reads to 7 writes of 20. */
const MIX: (keyof typeof OPERATIONS)[] = [
  'listTemplates', 'createPerson', 'getImage', 'listPeople', 'createImage', 'getTemplate', 'listImages', 'createPerson', 'getImage', 'listTemplates',
  'resendImage', 'getPerson', 'patchTemplate', 'listPeople', 'createPerson', 'getImage', 'listImages', 'createTemplate', 'getTemplate', 'listTemplates',
];

/** How an answer is counted: its status, a 503 without Retry-After apart (a shed request must say when to come back). */
const statusOf = (res: ApiResponse) => (res.status === 503 && !res.headers.get('retry-after') ? '503 without Retry-After' : String(res.status));

/** The n-th request of the traffic: the orgs take turns, each cycling through the mix. */
export function userTraffic(orgs: TestOrg[], writes: OrgWrites[]): (n: number) => Promise<string> {
  return async (n) => {
    const i = n % orgs.length;
    const op = MIX[Math.floor(n / orgs.length) % MIX.length]!;
    try {
      return statusOf(await OPERATIONS[op]!(orgs[i]!, writes[i]!, n));
    } catch (err) {
      return `error: ${(err as Error).message}`;
    }
  };
}
