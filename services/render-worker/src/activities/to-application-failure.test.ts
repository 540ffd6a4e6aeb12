import { ApplicationFailure } from '@temporalio/common';
import { RenderFailure } from '../renderer/types';
import { toActivityError } from './to-application-failure';

const failure = (err: RenderFailure, attempt: number) => toActivityError(err, attempt) as ApplicationFailure;

describe('toActivityError', () => {
  test('a timeout is retried once, then permanent', () => {
    const timeout = new RenderFailure('render_timeout', 'frame 3 took longer than 30000 ms', true);
    expect(failure(timeout, 1)).toMatchObject({ type: 'render_timeout', nonRetryable: false });
    expect(failure(timeout, 2)).toMatchObject({ type: 'render_timeout', nonRetryable: true });
  });

  test('a browser crash keeps every retry; a template error has none', () => {
    const crash = new RenderFailure('browser_crashed', 'Chromium exited during the render', true);
    expect(failure(crash, 5)).toMatchObject({ type: 'browser_crashed', nonRetryable: false });
    expect(failure(new RenderFailure('template_invalid', 'x'), 1)).toMatchObject({ type: 'template_invalid', nonRetryable: true });
  });
});
