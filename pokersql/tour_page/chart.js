// The frequency stage's chart: for each category, the dealt count beside the expected one,
// on a log scale (a royal flush is 1 in 649,740 hands, high card 1 in 2). Plain SVG.
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function drawChart(container, { columns, rows }) {
  const at = (name) => columns.indexOf(name);
  const [category, expected, dealt] = [at("category"), at("expected"), at("dealt")];
  if (category < 0 || expected < 0 || dealt < 0) {
    container.replaceChildren(Object.assign(document.createElement("p"), { className: "hint", textContent: "The chart needs the columns category, expected and dealt." }));
    return;
  }
  const data = rows.map((row) => ({ category: String(row[category]), expected: Number(row[expected]), dealt: Number(row[dealt]) }));
  const top = Math.max(10, ...data.flatMap((d) => [d.expected, d.dealt]));
  const decades = Math.ceil(Math.log10(top)) + 1; // from 0.1 up
  const width = 760, left = 130, right = 24, barHeight = 10, rowHeight = 30, header = 34;
  const height = header + data.length * rowHeight + 26;
  const x = (value) => left + ((Math.log10(Math.max(value, 0.1)) + 1) / decades) * (width - left - right);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "Dealt counts beside the expected counts, by category" });
  chart.append(svg("rect", { x: left, y: 8, width: 12, height: 10, class: "bar-dealt" }), svg("text", { x: left + 18, y: 17, class: "legend" }, "dealt"));
  chart.append(svg("rect", { x: left + 80, y: 8, width: 12, height: 10, class: "bar-expected" }), svg("text", { x: left + 98, y: 17, class: "legend" }, "expected (exact frequency × deals)"));
  for (let decade = 0; decade <= decades; decade += 1) {
    const value = 10 ** (decade - 1);
    const gx = x(value);
    chart.append(svg("line", { x1: gx, x2: gx, y1: header - 6, y2: height - 22, class: "grid" }));
    chart.append(svg("text", { x: gx, y: height - 8, class: "tick" }, value >= 1 ? value.toLocaleString("en-US") : "0.1"));
  }
  data.forEach((d, i) => {
    const y = header + i * rowHeight;
    chart.append(svg("text", { x: left - 8, y: y + barHeight + 3, class: "label" }, d.category));
    chart.append(svg("rect", { x: left, y, width: Math.max(0, x(d.dealt) - left), height: barHeight, class: "bar-dealt" }));
    chart.append(svg("rect", { x: left, y: y + barHeight + 1, width: Math.max(0, x(d.expected) - left), height: barHeight, class: "bar-expected" }));
    chart.append(svg("text", { x: Math.max(x(d.dealt), x(d.expected)) + 6, y: y + barHeight + 3, class: "value" },
      `${d.dealt.toLocaleString("en-US")} / ${d.expected.toLocaleString("en-US", { maximumFractionDigits: 1 })}`));
  });
  container.replaceChildren(chart);
}
