import { describe, expect, it } from "vitest";
import { qrImageSrc } from "./mfa";

describe("qrImageSrc", () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg"><path fill="#000000" d="M0 0h1v1H0z"/></svg>`;
  const encoded = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

  it("encodes raw SVG, with or without the data: prefix supabase-js adds", () => {
    expect(qrImageSrc(svg)).toBe(encoded);
    expect(qrImageSrc(`data:image/svg+xml;utf-8,${svg}`)).toBe(encoded);
    expect(qrImageSrc(`data:image/svg+xml;utf-8,${svg}`)).not.toContain("#");
  });

  it("passes a base64 data URL through", () => {
    expect(qrImageSrc("data:image/png;base64,iVBORw0KGgo=")).toBe("data:image/png;base64,iVBORw0KGgo=");
  });
});
