// Statement / Editor tabs on narrow screens (CSS shows the tab bar at 700 px and below; on
// wider screens both panes stay side by side and the tabs are hidden).
export function mountTabs(layout, onShow) {
  const tabs = [...layout.querySelectorAll('[role="tab"]')];
  if (!tabs.length) return;
  layout.classList.add("has-tabs");
  const select = (tab, focus) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.tabIndex = on ? 0 : -1;
    }
    layout.dataset.tab = tab.id.replace("tab-", "");
    if (focus) tab.focus();
    if (onShow) onShow(layout.dataset.tab);
  };
  tabs.forEach((tab, i) => {
    tab.addEventListener("click", () => select(tab, false));
    tab.addEventListener("keydown", (e) => {
      if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
      e.preventDefault();
      select(tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length], true);
    });
  });
  select(tabs[0], false);
  return (name) => {
    const tab = tabs.find((t) => t.id === `tab-${name}`);
    if (tab) select(tab, false);
  };
}
