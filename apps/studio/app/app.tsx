import { useEffect, useState } from 'preact/hooks';
import { api, clearKey, getKey, setKey } from './api';
import { TemplatesList } from './templates-list';
import { TemplateEditor } from './template-editor';
import { DesignEditor } from './design-editor';
import { RendersList } from './renders-list';
import { CollectionDetail, CollectionsList } from './collections';
import { WebhookDetail, WebhooksList } from './webhooks';
import { PeopleList } from './people-list';
import { ErrorBanner, Field } from './ui';

const NAV = [
  ['#/templates', 'Templates'],
  ['#/renders', 'Renders'],
  ['#/collections', 'Collections'],
  ['#/webhooks', 'Webhooks'],
  ['#/people', 'People'],
] as const;

function useHash(): string {
  const [hash, setHash] = useState(location.hash || '#/templates');
  useEffect(() => {
    const on = () => setHash(location.hash || '#/templates');
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return hash;
}

function SignIn({ onDone }: { onDone: () => void }) {
  const [key, setValue] = useState('');
  const [error, setError] = useState<unknown>(null);
  async function submit(e: Event) {
    e.preventDefault();
    setKey(key.trim());
    try {
      await api('GET', '/v1/templates?limit=1');
      onDone();
    } catch (err) {
      clearKey();
      setError(err);
    }
  }
  return (
    <main id="main" class="sign-in">
      <h1>Template studio</h1>
      <form onSubmit={submit}>
        <Field id="api-key" label="API key" error={error} field="Authorization">
          <input id="api-key" type="password" autocomplete="off" required value={key} onInput={(e) => setValue(e.currentTarget.value)} />
        </Field>
        <p class="hint">Kept in this tab only (sessionStorage). Create one with <code>npm run keys -- create --org NAME</code>.</p>
        <ErrorBanner error={error} />
        <button type="submit" class="primary" id="sign-in">Sign in</button>
      </form>
    </main>
  );
}

function Page({ hash }: { hash: string }) {
  const [, section, id, sub] = hash.split('/');
  if (section === 'templates' && sub === 'design') return <DesignEditor key={id} id={id === 'new' ? null : id!} />;
  if (section === 'templates') return id ? <TemplateEditor key={id} id={id === 'new' ? null : id} /> : <TemplatesList />;
  if (section === 'renders') return <RendersList />;
  if (section === 'collections') return id ? <CollectionDetail id={id} /> : <CollectionsList />;
  if (section === 'webhooks') return id ? <WebhookDetail id={id} /> : <WebhooksList />;
  if (section === 'people') return <PeopleList />;
  return <p>Not found. <a href="#/templates">Templates</a></p>;
}

export function App() {
  const [signedIn, setSignedIn] = useState(!!getKey());
  const hash = useHash();
  if (!signedIn) return <SignIn onDone={() => setSignedIn(true)} />;
  return (
    <>
      <a class="skip" href={hash} onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>Skip to content</a>
      <header class="top">
        <strong>Template studio</strong>
        <nav aria-label="Sections">
          {NAV.map(([href, label]) => (
            <a key={href} href={href} aria-current={hash.startsWith(href) ? 'page' : undefined}>{label}</a>
          ))}
        </nav>
        <a href="/docs">API reference</a>
        <button type="button" onClick={() => { clearKey(); setSignedIn(false); }}>Sign out</button>
      </header>
      <main id="main" tabIndex={-1}>
        <Page hash={hash} />
      </main>
    </>
  );
}
