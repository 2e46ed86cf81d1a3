// The side menu (requirements §2 "Shell elements"), built from menu-model.
import { useAtomValue } from "jotai";
import { Link, useLocation } from "wouter";
import { isLocalhost } from "@/lib/env";
import { rolesAtom } from "@/stores/session";
import { useAllData } from "@/api/all-data";
import { menuFor, menuNeedsMet, type MenuLink } from "./menu-model";

function MenuItem({ link, onNavigate, empty = false }: { link: MenuLink; onNavigate?: () => void; empty?: boolean }) {
  const [location] = useLocation();
  const base = "block rounded px-3 py-2 text-sm";
  if (link.href === null) {
    // An entry with no page yet says so rather than sit greyed out with no word (docs/decisions/0145).
    const noteId = `menu-soon-${link.label.toLowerCase().replace(/\W+/g, "-")}`;
    return (
      <div className="flex items-baseline justify-between gap-2">
        <span aria-disabled="true" aria-describedby={noteId} className={`${base} cursor-default text-secondary`}>
          {link.label}
        </span>
        <span id={noteId} className="shrink-0 pr-3 text-xs text-secondary">
          Coming soon
        </span>
      </div>
    );
  }
  const active = location === link.href;
  const linkEl = (
    <Link
      href={link.href}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      aria-describedby={empty ? `menu-empty-${link.href.slice(1)}` : undefined}
      className={`${base} ${active ? "bg-primary-tint font-medium text-primary-strong" : "text-primary-text hover:bg-hover"} focus-visible:outline-2 focus-visible:outline-primary`}
    >
      {link.label}
    </Link>
  );
  if (!empty) return linkEl;
  // Still a link (its screen says what to do first), but the menu says there is nothing yet.
  return (
    <div className="flex items-baseline justify-between gap-2">
      {linkEl}
      <span id={`menu-empty-${link.href.slice(1)}`} className="shrink-0 pr-3 text-xs text-secondary">
        Nothing yet
      </span>
    </div>
  );
}

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const roles = useAtomValue(rolesAtom);
  const { main, admin } = menuFor(roles, isLocalhost());
  const met = menuNeedsMet(useAllData().data);
  return (
    <nav aria-label="Main" className="flex flex-col gap-4 p-3">
      {main.map((section, i) => (
        <div key={section.title ?? i}>
          {section.title ? (
            <h2 className="px-3 pb-1 text-xs font-medium uppercase tracking-wider text-secondary">{section.title}</h2>
          ) : null}
          <ul>
            {section.links.map((link) => (
              <li key={link.label}>
                <MenuItem link={link} onNavigate={onNavigate} empty={link.needs ? !met[link.needs] : false} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {/* A founder without staff links gets no empty 'Admin' heading. */}
      {admin.kind === "links" && admin.links.length === 0 ? null : (
        <div>
          <h2 className="px-3 pb-1 text-xs font-medium uppercase tracking-wider text-secondary">Admin</h2>
          {admin.kind === "restricted" ? (
            <p className="px-3 py-2 text-sm text-secondary">Restricted</p>
          ) : (
            <ul>
              {admin.links.map((link) => (
                <li key={link.label}>
                  <MenuItem link={link} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </nav>
  );
}
