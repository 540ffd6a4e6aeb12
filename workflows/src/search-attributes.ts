import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** Typed keys for the custom search attributes the stack registers (see SEARCH_ATTRIBUTES in @rp/common). */
export const SA = {
  OrgId: defineSearchAttributeKey('OrgId', SearchAttributeType.KEYWORD),
  RenderKind: defineSearchAttributeKey('RenderKind', SearchAttributeType.KEYWORD),
  TemplateId: defineSearchAttributeKey('TemplateId', SearchAttributeType.KEYWORD),
  RenderStatus: defineSearchAttributeKey('RenderStatus', SearchAttributeType.KEYWORD),
  CollectionId: defineSearchAttributeKey('CollectionId', SearchAttributeType.KEYWORD),
} as const;
