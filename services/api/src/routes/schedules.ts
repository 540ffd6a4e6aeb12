import type { RouteDef } from '../http/route';
import { created } from '../http/created';
import { listQuerySchema, sendPage } from '../http/pagination';
import { idParam, listHeaders } from '../schemas/common';
import * as ex from '../openapi/examples-schedules';
import { createScheduleBody, scheduleRunSchema, scheduleSchema, triggerSchema, updateScheduleBody } from '../schemas/schedule';
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listScheduleRuns,
  listSchedules,
  serializeSchedule,
  serializeScheduleRun,
  setScheduleEnabled,
  triggerSchedule,
  updateSchedule,
} from '../services/schedule-service';

const TAG = 'Schedules';
const params = idParam('schedule_id');
const one = (description: string) => ({ 200: { description, schema: scheduleSchema, example: ex.exampleSchedule } });

// eslint-disable-next-line max-lines-per-function -- a route table, one declarative entry per operation; the logic is in the services.
export function schedulesRoutes(): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/v1/schedules',
      operationId: 'createSchedule',
      summary: 'Create a daily schedule of collections from people',
      description:
        'Every day at `at` in `timezone` (a Temporal Schedule, visible on the Temporal UI Schedules page) the schedule makes a collection from the people ' +
        'matching `people` at that moment, with `mapping` as in POST /v1/collections/from-people; `"today"` in the filter is the run\'s date in the schedule\'s zone ' +
        '(29 February birthdays are celebrated on 28 February in other years). A run matching nobody is recorded as `skipped`. At most one timetable run per local date. ' +
        'An unknown zone, time, template, placeholder or field answers 422 naming it; an org has at most SCHEDULE_LIMIT_PER_ORG (default 50) schedules.',
      tag: TAG,
      body: createScheduleBody,
      requestExample: ex.exampleCreateSchedule,
      responses: {
        201: { description: 'Created', schema: scheduleSchema, example: ex.exampleScheduleSummary },
        409: { description: 'The org already has SCHEDULE_LIMIT_PER_ORG schedules (schedule_limit_reached)' },
      },
      handler: async ({ ctx, deps, orgId, body }) => {
        const out = await createSchedule(deps, orgId, body);
        return created(ctx, `/v1/schedules/${out.id}`, out);
      },
    },
    {
      method: 'get',
      path: '/v1/schedules',
      operationId: 'listSchedules',
      summary: 'List schedules, newest first',
      tag: TAG,
      query: { type: 'object', additionalProperties: false, properties: { ...listQuerySchema } },
      responses: {
        200: { description: 'A page of schedules', schema: { type: 'array', items: scheduleSchema }, headers: listHeaders, example: [ex.exampleScheduleSummary] },
      },
      handler: async ({ ctx, deps, orgId, query }) => sendPage(ctx, await listSchedules(deps.db, orgId, query), (r) => serializeSchedule(r)),
    },
    {
      method: 'get',
      path: '/v1/schedules/{schedule_id}',
      operationId: 'getSchedule',
      summary: 'Get a schedule with its next run time',
      tag: TAG,
      params,
      responses: one('The schedule; `next_run_at` comes from its Temporal Schedule'),
      handler: ({ deps, orgId, params: p }) => getSchedule(deps, orgId, p.schedule_id),
    },
    {
      method: 'patch',
      path: '/v1/schedules/{schedule_id}',
      operationId: 'updateSchedule',
      summary: 'Change a schedule',
      description: 'Fields given replace the stored ones; the result is checked as on create, then the Temporal Schedule is updated to match.',
      tag: TAG,
      params,
      body: updateScheduleBody,
      requestExample: ex.exampleUpdateSchedule,
      responses: one('The updated schedule'),
      handler: ({ deps, orgId, params: p, body }) => updateSchedule(deps, orgId, p.schedule_id, body),
    },
    {
      method: 'delete',
      path: '/v1/schedules/{schedule_id}',
      operationId: 'deleteSchedule',
      summary: 'Delete a schedule and its Temporal Schedule',
      description: 'Its runs are deleted with it; the collections it made stay (with their `schedule_id`).',
      tag: TAG,
      params,
      responses: { 204: { description: 'Deleted' } },
      handler: async ({ deps, orgId, params: p }) => {
        await deleteSchedule(deps, orgId, p.schedule_id);
      },
    },
    {
      method: 'post',
      path: '/v1/schedules/{schedule_id}/pause',
      operationId: 'pauseSchedule',
      summary: 'Pause a schedule (no timetable runs until resumed)',
      tag: TAG,
      params,
      responses: one('The schedule, enabled: false'),
      handler: ({ deps, orgId, params: p }) => setScheduleEnabled(deps, orgId, p.schedule_id, false),
    },
    {
      method: 'post',
      path: '/v1/schedules/{schedule_id}/resume',
      operationId: 'resumeSchedule',
      summary: 'Resume a paused schedule',
      tag: TAG,
      params,
      responses: one('The schedule, enabled: true'),
      handler: ({ deps, orgId, params: p }) => setScheduleEnabled(deps, orgId, p.schedule_id, true),
    },
    {
      method: 'post',
      path: '/v1/schedules/{schedule_id}/trigger',
      operationId: 'triggerSchedule',
      summary: 'Run a schedule now',
      description:
        'Starts a run at once (also when paused), beside the daily one: a trigger never takes the place of the timetable run of the date. The run appears in GET …/runs once its workflow has stored it.',
      tag: TAG,
      params,
      responses: { 202: { description: 'The run was started', schema: triggerSchema, example: ex.exampleScheduleTrigger } },
      handler: async ({ ctx, deps, orgId, params: p }) => {
        const out = await triggerSchedule(deps, orgId, p.schedule_id);
        ctx.status = 202;
        return out;
      },
    },
    {
      method: 'get',
      path: '/v1/schedules/{schedule_id}/runs',
      operationId: 'listScheduleRuns',
      summary: "List a schedule's runs, newest first",
      tag: TAG,
      params,
      query: { type: 'object', additionalProperties: false, properties: { ...listQuerySchema } },
      responses: {
        200: {
          description: 'A page of runs with their collection ids',
          schema: { type: 'array', items: scheduleRunSchema },
          headers: listHeaders,
          example: [ex.exampleScheduleRun],
        },
      },
      handler: async ({ ctx, deps, orgId, params: p, query }) =>
        sendPage(ctx, await listScheduleRuns(deps.db, orgId, p.schedule_id, query), serializeScheduleRun),
    },
  ];
}
