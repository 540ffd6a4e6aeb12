import { ENGINE_MODES, ENGINE_REASONS, IMAGE_FORMATS, PLACEHOLDER_TYPES, TEMPLATE_TYPES, VIDEO_FORMATS, reasonCode } from '@rp/workflow-safe/lists';

/**
 * The lists the studio offers an author, taken from the platform's own definitions (@rp/workflow-safe), so a format,
 * placeholder type, engine mode or reason code added there shows here: the formats of each template type (the first
 * is a new template's), the placeholder types, the engine modes, and what a decision's reason means.
 */
export const STUDIO_LISTS = {
  templateTypes: TEMPLATE_TYPES,
  formats: { image: IMAGE_FORMATS, video: VIDEO_FORMATS },
  placeholderTypes: PLACEHOLDER_TYPES,
  engineModes: ENGINE_MODES,
  /** What a decision's reason means, by its code (the part before a colon); '' for none. */
  reasonMeaning: (reason: string | null): string => {
    const code = reason ? reasonCode(reason) : null;
    return code ? ENGINE_REASONS[code].meaning : '';
  },
} as const;
