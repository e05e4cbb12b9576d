import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, NavLink } from './Link';

/*
 * The site's links are plain anchors (app/link-navigation.ts follows them): the address a player can open in a new
 * tab, and a navigation's current page marked for assistive technology and the styles.
 */

afterEach(cleanup);

const current = (name: string) => screen.getByRole('link', { name }).getAttribute('aria-current');

function navAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <nav>
        <NavLink to="/webplay/all">All</NavLink>
        <NavLink to="/news" end>
          News
        </NavLink>
        <NavLink to="/webplay/slots" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Slots
        </NavLink>
      </nav>
    </MemoryRouter>,
  );
}

describe('Link', () => {
  it('is an anchor to the page, marked to be followed within the app, with its own attributes', () => {
    render(
      <Link to="/promotions#welcome-package" className="cta" aria-label="Welcome package">
        Go
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Welcome package' });
    expect(link.getAttribute('href')).toBe('/promotions#welcome-package');
    expect(link.hasAttribute('data-in-app')).toBe(true);
    expect(link.className).toBe('cta');
  });
});

describe('NavLink', () => {
  it('marks the page it leads to, and pages below it unless `end`', () => {
    navAt('/webplay/all');
    expect([current('All'), current('News'), current('Slots')]).toEqual(['page', null, null]);
    cleanup();
    navAt('/news/category/promotions');
    expect([current('All'), current('News')]).toEqual([null, null]);
    cleanup();
    navAt('/News');
    expect(current('News')).toBe('page');
  });

  it('is not current on a page whose path only begins with the same letters', () => {
    navAt('/webplay/all-games');
    expect(current('All')).toBe(null);
  });

  it('gives its class function whether it is current', () => {
    navAt('/webplay/slots/');
    expect(screen.getByRole('link', { name: 'Slots' }).className).toBe('on');
    expect(screen.getByRole('link', { name: 'All' }).className).toBe('');
  });
});
