// Shared pieces of the listings component tests: a router and query client around a screen part,
// JSON replies for a stubbed fetch, picked files, and a stand-in XMLHttpRequest for the upload.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ERROR_CODE_HEADER, type ErrorCode } from '../../../../shared/api-errors';
import { Toast, useToast } from '../../../components/ui/toast';
import { MyPosts } from '../components/my-posts';

/** A JSON answer; `code` goes in the x-error-code header, as the server sends it with every error. */
export const reply = (status: number, body: object, code?: ErrorCode) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...(code ? { [ERROR_CODE_HEADER]: code } : {}) },
  });

export const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

/** jsdom has no object URLs; these count what was created and revoked. */
export function stubObjectUrls() {
  let n = 0;
  const create = vi.fn(() => `blob:test/${++n}`);
  const revoke = vi.fn();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke }));
  return { create, revoke };
}

/** Shows where the app navigated and with which state, for the test to read. */
function Landing() {
  const location = useLocation();
  return (
    <pre data-testid="landing">{JSON.stringify({ path: location.pathname, state: location.state })}</pre>
  );
}

export function renderWithApp(ui: ReactNode, path = '/product/Sell') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={ui} />
          <Route path="/product-preview" element={<Landing />} />
          <Route path="/account" element={<Landing />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

interface FakeUpload {
  body: FormData;
  /** Answers the upload; `code` goes in the x-error-code header, as the server sends it. */
  respond(status: number, body: object, code?: ErrorCode): void;
  progress(loaded: number, total: number): void;
}

/** A stand-in XMLHttpRequest: each send() is recorded for the test to answer. */
export function stubXhr() {
  const uploads: FakeUpload[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    code: string | null = null;
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return name.toLowerCase() === ERROR_CODE_HEADER ? this.code : null;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      uploads.push({
        body,
        respond: (status, json, code) => {
          this.status = status;
          this.code = code ?? null;
          this.responseText = JSON.stringify(json);
          this.onload?.();
        },
        progress: (loaded, total) =>
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}

/** The dashboard's post list with its toast, as the Account screen shows them. */
export function DashboardWithToast({ userId = 7 }: { userId?: number }) {
  const { toast, show } = useToast();
  return (
    <>
      <MyPosts userId={userId} notify={show} />
      <Toast toast={toast} />
    </>
  );
}
