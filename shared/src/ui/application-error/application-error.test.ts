import { APPLICATION_ERROR_TITLE, ERROR_SCREEN_BUTTONS } from '../../core/messages';
import { renderApplicationError } from './index';

describe("'Application Error' (SPEC §2 last resort)", () => {
  it('renders without React, with a reload button', () => {
    document.body.innerHTML = '<div id="root"><p>half-started app</p></div>';
    renderApplicationError();
    expect(document.querySelector('h1')?.textContent).toBe(APPLICATION_ERROR_TITLE);
    expect(document.body.textContent).not.toContain('half-started app');
    const button = document.querySelector('button');
    expect(button?.textContent).toBe(ERROR_SCREEN_BUTTONS.reloadPage);
  });
});
