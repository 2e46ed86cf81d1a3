// Focus after a route change goes to the new screen's heading, unless the user has already acted
// (a bell clicked while the screen loads keeps its popover: the heading must not take focus away).
import { afterEach, describe, expect, it } from "vitest";
import { focusHeadingWhenShown, inputClock } from "./focus";

afterEach(() => document.body.replaceChildren());

function page(): { main: HTMLElement; bell: HTMLButtonElement } {
  const bell = document.createElement("button");
  bell.textContent = "Notifications";
  const main = document.createElement("main");
  main.innerHTML = "<h1>Dashboard</h1><p>Welcome</p>";
  document.body.append(bell, main);
  return { main, bell };
}

const nextTick = () => new Promise((r) => setTimeout(r, 0));

describe("focusHeadingWhenShown", () => {
  it("moves focus to the heading, and back to it when a lazily shown screen replaces the content", async () => {
    const { main } = page();
    const stop = focusHeadingWhenShown(main);
    expect(document.activeElement?.textContent).toBe("Dashboard");
    (document.activeElement as HTMLElement).blur();
    main.innerHTML = "<h1>Edit Profile</h1>";
    await nextTick();
    expect(document.activeElement?.textContent).toBe("Edit Profile");
    stop();
  });

  it("leaves focus where the user put it after the route change, then and while the screen settles", async () => {
    const { main, bell } = page();
    const since = inputClock();
    await new Promise((r) => setTimeout(r, 2));
    bell.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    bell.focus();
    const stop = focusHeadingWhenShown(main, 3_000, since);
    expect(document.activeElement).toBe(bell);
    main.innerHTML = "<h1>Dashboard</h1><p>loaded</p>";
    await nextTick();
    expect(document.activeElement).toBe(bell);
    stop();
  });

  it("input before the route change (the click that navigated) does not count as the user's", async () => {
    const { main, bell } = page();
    bell.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    await new Promise((r) => setTimeout(r, 2));
    const stop = focusHeadingWhenShown(main, 3_000, inputClock());
    expect(document.activeElement?.textContent).toBe("Dashboard");
    stop();
  });
});
