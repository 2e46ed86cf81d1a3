// The side menu (requirements §2 "Shell elements"), built from menu-model.
import { useAtomValue } from "jotai";
import { Link, useLocation } from "wouter";
import { isLocalhost } from "@/lib/env";
import { rolesAtom } from "@/stores/auth";
import { menuFor, type MenuLink } from "./menu-model";

function MenuItem({ link, onNavigate }: { link: MenuLink; onNavigate?: () => void }) {
  const [location] = useLocation();
  const base = "block rounded px-3 py-2 text-sm";
  if (link.href === null) {
    return (
      <span aria-disabled="true" className={`${base} cursor-default text-secondary`}>
        {link.label}
      </span>
    );
  }
  const active = location === link.href;
  return (
    <Link
      href={link.href}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      className={`${base} ${active ? "bg-primary-tint font-medium text-primary-strong" : "text-primary-text hover:bg-hover"} focus-visible:outline-2 focus-visible:outline-primary`}
    >
      {link.label}
    </Link>
  );
}

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const roles = useAtomValue(rolesAtom);
  const { main, admin } = menuFor(roles, isLocalhost());
  return (
    <nav aria-label="Main" className="flex flex-col gap-4 p-3">
      {main.map((section, i) => (
        <div key={section.title ?? i}>
          {section.title ? <h2 className="px-3 pb-1 text-xs font-medium uppercase tracking-wider text-secondary">{section.title}</h2> : null}
          <ul>
            {section.links.map((link) => (
              <li key={link.label}>
                <MenuItem link={link} onNavigate={onNavigate} />
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
