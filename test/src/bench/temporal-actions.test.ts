import { childWorkflowIds, historyCost } from './temporal-actions';

describe('historyCost', () => {
  test('an image item: start, one workflow task with two local activities (one action), an upsert', () => {
    const events = [
      { workflowExecutionStartedEventAttributes: {} },
      { workflowTaskScheduledEventAttributes: {} },
      { workflowTaskStartedEventAttributes: {} },
      { workflowTaskCompletedEventAttributes: {} },
      { markerRecordedEventAttributes: { markerName: 'core_local_activity', workflowTaskCompletedEventId: 4 } },
      { markerRecordedEventAttributes: { markerName: 'core_local_activity', workflowTaskCompletedEventId: 4 } },
      { upsertWorkflowSearchAttributesEventAttributes: {} },
      { workflowExecutionCompletedEventAttributes: {} },
    ] as never[];
    expect(historyCost(events)).toEqual({ workflows: 1, actions: 3, workflow_tasks: 1, activity_tasks: 0, local_activities: 2, events: 8 });
  });

  test('activity attempts count each; patch markers and child starts do not; child ids are listed', () => {
    const events = [
      { workflowExecutionStartedEventAttributes: {} },
      { workflowTaskCompletedEventAttributes: {} },
      { markerRecordedEventAttributes: { markerName: 'core_patch' } },
      { startChildWorkflowExecutionInitiatedEventAttributes: { workflowId: 'collection-c-item-0' } },
      { activityTaskStartedEventAttributes: { attempt: 3 } },
      { workflowTaskCompletedEventAttributes: {} },
    ] as never[];
    expect(historyCost(events)).toMatchObject({ actions: 4, workflow_tasks: 2, activity_tasks: 1, local_activities: 0 });
    expect(childWorkflowIds(events)).toEqual(['collection-c-item-0']);
  });
});
