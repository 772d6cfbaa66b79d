package io.rayon.app.compare;

import io.rayon.app.files.HtmlPage;
import io.rayon.model.scenario.Scenario;
import java.util.List;

/**
 * A one-page HTML report of a comparison, readable offline (no script, no external file): the
 * scenario's summary, the runs and their settings, the metrics table with a column per run, each
 * run's plan as an inline SVG skyline (coloured by its difference from run A), and the plan diff
 * between A and B.
 */
public final class CompareReport {
  private CompareReport() {}

  /**
   * @param documentName the scenario's file name (or title) as the window shows it
   * @param policy the sharing policy both runs used, as typed
   * @param rows the metrics table as the tab shows it
   * @param svgs each run's skyline drawn as SVG, in run order (may be shorter: runs without a
   *     figure)
   */
  public static String html(
      String documentName,
      Scenario scenario,
      String policy,
      CompareResult r,
      List<CompareViewModel.MetricRow> rows,
      List<String> svgs) {
    List<CompareResult.Run> runs = r.runs();
    StringBuilder b = new StringBuilder(32_768);
    String title = "Comparison on " + documentName;
    HtmlPage.head(b, title, 64, "figure{margin:1em 0}");
    b.append("<h1>").append(esc(title)).append("</h1>\n<h2>Scenario</h2>\n<ul>");
    HtmlPage.scenarioItems(b, documentName, scenario);
    item(b, "sharing policy of both runs", policy);
    b.append("</ul>\n<h2>Runs</h2>\n<ul>");
    for (int i = 0; i < runs.size(); i++) item(b, CompareResult.letter(i), runs.get(i).label());
    b.append("</ul>\n<table><caption>Metrics</caption>\n<tr><th>metric</th>");
    for (int i = 0; i < runs.size(); i++)
      b.append("<th>").append(CompareResult.letter(i)).append("</th>");
    b.append("</tr>\n");
    for (CompareViewModel.MetricRow row : rows) {
      b.append("<tr><td>").append(esc(row.metric())).append("</td>");
      for (String v : row.values()) b.append("<td class=\"n\">").append(esc(v)).append("</td>");
      b.append("</tr>\n");
    }
    b.append(
        "</table>\n<h2>Plans</h2>\n<p>Orange: accepted by A only; blue: accepted by this run and not by A;"
            + " purple: placed elsewhere than A placed it; grey: the same in both.</p>\n");
    for (int i = 0; i < runs.size() && i < svgs.size(); i++) {
      b.append("<figure>")
          .append(svgs.get(i))
          .append("<figcaption>")
          .append(CompareResult.letter(i))
          .append(": ")
          .append(esc(runs.get(i).label()))
          .append("</figcaption></figure>\n");
    }
    b.append("</body></html>\n");
    return b.toString();
  }

  private static void item(StringBuilder b, String k, String v) {
    HtmlPage.item(b, k, v);
  }

  private static String esc(String s) {
    return HtmlPage.esc(s);
  }
}
