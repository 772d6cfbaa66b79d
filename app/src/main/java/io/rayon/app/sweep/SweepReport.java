package io.rayon.app.sweep;

import io.rayon.app.files.HtmlPage;
import io.rayon.engine.sweep.Sweep;
import io.rayon.model.scenario.Scenario;
import java.util.List;

/**
 * A one-page HTML report of a sweep, readable offline (no script, no external file): the scenario's
 * summary, the sweep's settings, the chart as inline SVG, the metric per combination best first,
 * and every run with all its metrics.
 */
public final class SweepReport {
  private SweepReport() {}

  /**
   * @param documentName the scenario's file name (or title) as the window shows it
   * @param chartSvg the chart drawn as SVG (may be null: no figure)
   */
  public static String html(
      String documentName, Scenario scenario, SweepViewModel.Result r, String chartSvg) {
    Sweep sweep = r.sweep();
    StringBuilder b = new StringBuilder(16_384);
    String title = "Sweep of " + documentName + ": " + sweep.metric();
    HtmlPage.head(b, title, 60, "");
    b.append("<h1>").append(esc(title)).append("</h1>\n");
    b.append("<h2>Scenario</h2>\n<ul>");
    HtmlPage.scenarioItems(b, documentName, scenario);
    item(
        b,
        "jobs",
        scenario.workload() == null
            ? "0"
            : scenario.workload().jobs().size()
                + " ("
                + scenario.workload().taskCount()
                + " tasks)");
    item(b, "sharing policy", String.valueOf(scenario.sharingPolicy()));
    b.append("</ul>\n<h2>Sweep</h2>\n<ul>");
    item(b, "runs", sweep.kind().id() + ", " + r.rows().size() + " runs");
    for (Sweep.Param p : sweep.params()) item(b, p.name(), String.join(" | ", p.values()));
    if (sweep.seeds() > 1) item(b, "seeds", "1.." + sweep.seeds());
    item(
        b,
        "metric",
        sweep.metric()
            + " ("
            + (Sweep.higherIsBetter(sweep.metric()) ? "higher" : "lower")
            + " is better)");
    b.append("</ul>\n");
    if (chartSvg != null) b.append("<figure>").append(chartSvg).append("</figure>\n");
    List<String> names = sweep.params().stream().map(Sweep.Param::name).toList();
    b.append("<table><caption>")
        .append(esc(sweep.metric()))
        .append(" per combination, best first</caption>\n<tr>");
    for (String n : names) b.append("<th>").append(esc(n)).append("</th>");
    b.append("<th>").append(esc(sweep.seeds() > 1 ? "mean" : sweep.metric())).append("</th>");
    if (sweep.seeds() > 1) b.append("<th>min</th><th>max</th><th>sd</th><th>runs</th>");
    b.append("</tr>\n");
    for (Sweep.Summary s : r.summary()) {
      b.append("<tr>");
      for (String n : names)
        b.append("<td>").append(esc(s.settings().getOrDefault(n, "-"))).append("</td>");
      num(b, s.mean());
      if (sweep.seeds() > 1) {
        num(b, s.min());
        num(b, s.max());
        num(b, s.sd());
        num(b, s.runs());
      }
      b.append("</tr>\n");
    }
    b.append("</table>\n<table><caption>Every run</caption>\n<tr>");
    for (String n : names) b.append("<th>").append(esc(n)).append("</th>");
    b.append("<th>seed</th>");
    for (String m : sweep.metrics()) b.append("<th>").append(esc(m)).append("</th>");
    b.append("</tr>\n");
    for (Sweep.Row row : r.rows()) {
      b.append("<tr>");
      for (String n : names)
        b.append("<td>").append(esc(row.point().settings().getOrDefault(n, "-"))).append("</td>");
      num(b, row.point().seed());
      for (String m : sweep.metrics()) num(b, row.metric(m));
      b.append("</tr>\n");
    }
    b.append(
        "</table>\n<p>Made with Rayon Studio (<code>rayon sweep</code> runs the same sweep from the command line).</p>\n"
            + "</body></html>\n");
    return b.toString();
  }

  private static void item(StringBuilder b, String k, String v) {
    HtmlPage.item(b, k, v);
  }

  private static void num(StringBuilder b, double v) {
    b.append("<td class=\"n\">").append(Double.isNaN(v) ? "-" : Sweep.number(v)).append("</td>");
  }

  static String esc(String s) {
    return HtmlPage.esc(s);
  }
}
