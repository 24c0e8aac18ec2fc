import { describe, expect, it } from "vitest";
import { renderSharedText } from "./render-shared-text";

const IMAGE = "7f0e1d2c-3b4a-4958-a796-857463524130";

describe("renderSharedText", () => {
  it("renders Markdown, keeps raw HTML as text and draws no image from elsewhere", () => {
    const html = renderSharedText(
      '# Plan\n\n**bold** ~~gone~~ <img src=x onerror="alert(1)">\n\n![pixel](https://tracker.example/p.png)\n\n[site](https://example.com) [bad](javascript:alert(1))\n',
    );
    expect(html).toContain("<h1>Plan</h1>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<s>gone</s>");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).not.toContain("<img");
    expect(html).toContain('<span class="shared-image-alt">pixel</span>');
    expect(html).not.toContain("tracker.example");
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">site</a>',
    );
  });

  it("draws the link's own image from its blob: URL once loaded, its alt text before", () => {
    const text = `![ticket <1>.png](attachment:${IMAGE.toUpperCase()})\n\n![other](attachment:00000000-0000-4000-8000-000000000001)\n`;
    const before = renderSharedText(text);
    expect(before).not.toContain("<img");
    expect(before).toContain("ticket &lt;1&gt;.png");
    const url = "blob:https://notes.example/5f1c";
    const after = renderSharedText(text, new Map([[IMAGE, url]]));
    expect(after).toContain(
      `<img src="${url}" alt="ticket &lt;1&gt;.png" data-attachment="${IMAGE}">`,
    );
    // Only one image is loaded; the other stays words, and no URL but a blob: one is drawn.
    expect(after.match(/<img/g)).toHaveLength(1);
    const planted = renderSharedText(text, new Map([[IMAGE, "https://tracker.example/p.png"]]));
    expect(planted).not.toContain("<img");
  });
});
