// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import OriginsEditor from './OriginsEditorHarness.test.svelte';
import { newOrigin, newServiceDraft, toCreateServiceBody, validateServiceDraft } from '../../state/service-draft.ts';

afterEach(() => cleanup());

function urlInputs(): HTMLInputElement[] {
  return screen.getAllByRole('textbox', { name: /^Origin URL of origin \d+/ }) as HTMLInputElement[];
}

describe('OriginsEditor', () => {
  it('adds and removes origins; the last one cannot be removed', async () => {
    render(OriginsEditor, { props: { initial: [newOrigin('a.example.com')] } });
    expect(urlInputs()).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Remove origin 1' }) as HTMLButtonElement).disabled).toBe(true);

    await fireEvent.click(screen.getByRole('button', { name: '+ Add origin' }));
    expect(urlInputs()).toHaveLength(2);
    // The new origin's URL field gets focus.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(urlInputs()[1]);
    expect(screen.getByRole('listitem', { name: 'Origin 2 (fallback)' })).toBeTruthy();

    await fireEvent.click(screen.getByRole('button', { name: 'Remove origin 1' }));
    expect(urlInputs().map((input) => input.value)).toEqual(['']);
  });

  it('reorders with the buttons and with Alt+Arrow keys', async () => {
    render(OriginsEditor, {
      props: { initial: [newOrigin('a.example.com'), newOrigin('b.example.com'), newOrigin('c.example.com')] },
    });
    expect((screen.getByRole('button', { name: 'Move origin 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move origin 3 down' }) as HTMLButtonElement).disabled).toBe(true);

    await fireEvent.click(screen.getByRole('button', { name: 'Move origin 3 up' }));
    expect(urlInputs().map((input) => input.value)).toEqual(['a.example.com', 'c.example.com', 'b.example.com']);

    await fireEvent.click(screen.getByRole('button', { name: 'Move origin 1 down' }));
    expect(urlInputs().map((input) => input.value)).toEqual(['c.example.com', 'a.example.com', 'b.example.com']);

    // Keyboard: Alt+ArrowUp inside the third origin's card moves it to the top (primary).
    await fireEvent.keyDown(urlInputs()[2]!, { key: 'ArrowUp', altKey: true });
    await fireEvent.keyDown(urlInputs()[1]!, { key: 'ArrowUp', altKey: true });
    expect(urlInputs().map((input) => input.value)).toEqual(['b.example.com', 'c.example.com', 'a.example.com']);
    expect(screen.getByText('Origin moved to position 1 of 3 (primary)')).toBeTruthy();
    // The owner of the list (bind:origins) sees the new order.
    expect(screen.getByTestId('order').textContent).toBe('b.example.com|c.example.com|a.example.com');
  });

  it('checks the URL format as the user types, naming the field and the rule', async () => {
    render(OriginsEditor, { props: { initial: [newOrigin()] } });
    const [input] = urlInputs();
    expect(screen.queryByText(/Origin URL must look like/)).toBeNull();

    await fireEvent.input(input!, { target: { value: 'ftp://bad host' } });
    const message = screen.getByText(/Origin URL must look like \[http\[s\]:\/\/\]hostname\[:port\]\[\/path\/prefix\]/);
    expect(input!.getAttribute('aria-invalid')).toBe('true');
    expect(input!.getAttribute('aria-describedby')).toContain(message.id);

    await fireEvent.input(input!, { target: { value: 'https://origin.example.com:8443/static' } });
    expect(screen.queryByText(/Origin URL must look like/)).toBeNull();
    expect(input!.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows server errors mapped to an origin field', () => {
    render(OriginsEditor, {
      props: { initial: [newOrigin('a.example.com')], serverErrors: { 'origins.0.originUrl': 'Taken by the server' } },
    });
    expect(screen.getByText('Taken by the server')).toBeTruthy();
  });

  it('validates S3 credentials and header rows', async () => {
    render(OriginsEditor, { props: { initial: [newOrigin('a.example.com')], showAllErrors: true } });
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Sign origin requests for S3-compatible storage' }));
    expect(screen.getByText('S3 access key is required; enter a value.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show S3 access secret of origin 1' })).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: '+ Add header' }));
    await fireEvent.input(screen.getByRole('textbox', { name: /^Header name 1 of origin 1/ }), {
      target: { value: 'bad name' },
    });
    expect(screen.getByText(/Origin header names may only contain/)).toBeTruthy();
  });
});

describe('service draft', () => {
  it('builds the API body and keys schema issues by form path', () => {
    const draft = newServiceDraft();
    draft.domainName = 'www.example.com';
    draft.alternateDomainNames = 'a.example.com, b.example.com';
    draft.origins = [newOrigin('https://o1.example.com'), newOrigin('o2.example.com:8080')];
    draft.origins[0]!.headers = [{ key: 1, name: 'X-Auth', value: 'abc' }];
    expect(validateServiceDraft(draft)).toEqual({});
    expect(toCreateServiceBody(draft)).toMatchObject({
      domainName: 'www.example.com',
      alternateDomainNames: ['a.example.com', 'b.example.com'],
      origins: [
        { originUrl: 'https://o1.example.com', headers: { 'X-Auth': 'abc' } },
        { originUrl: 'o2.example.com:8080' },
      ],
      defaultHostHeader: 'originHost',
      http2: true,
    });

    draft.domainName = 'not a domain';
    draft.alternateDomainNames = 'ok.example.com bad_one!';
    draft.origins[1]!.originUrl = '';
    const errors = validateServiceDraft(draft);
    expect(errors.domainName).toMatch(/^Domain name must be a domain name/);
    expect(errors.alternateDomainNames).toContain('“bad_one!”');
    expect(errors['origins.1.originUrl']).toMatch(/^Origin URL is required/);
  });
});
