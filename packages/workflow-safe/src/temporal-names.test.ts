import { SEARCH_ATTRIBUTES, SA, workflowIds } from './temporal-names';

describe('temporal names', () => {
  it('derives every workflow id from row ids', () => {
    expect(workflowIds.render('video', 'r1')).toBe('video-r1');
    expect(workflowIds.collectionItem('c1', 7)).toBe('collection-c1-item-7');
    expect(workflowIds.webhookDelivery('d1')).toBe('webhook-delivery-d1');
    expect(workflowIds.webhookDelivery('d1', 3)).toBe('webhook-delivery-d1-s3');
    expect(workflowIds.event('person.updated', 'p1', 1700000000123)).toBe('event-person.updated-p1-1700000000123');
    expect(workflowIds.event('person.created', 'p1')).toBe('event-person.created-p1');
  });

  it('registers exactly the search attributes workflows use', () => {
    expect(Object.keys(SEARCH_ATTRIBUTES)).toEqual(Object.values(SA).map((k) => k.name));
  });
});
