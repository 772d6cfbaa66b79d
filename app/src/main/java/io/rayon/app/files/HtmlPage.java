package io.rayon.app.files;

import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;

/**
 * The parts the one-page offline HTML reports (sweep, comparison) share: the page head with its
 * style, escaping, list items, and the scenario's summary.
 */
public final class HtmlPage {
  private HtmlPage() {}

  /** The style of every report: sans-serif, bordered tables, numbers right-aligned. */
  public static final String STYLE =
      "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:2px 8px}"
          + "td.n{text-align:right;font-variant-numeric:tabular-nums}th{background:#f0f0f0}"
          + "caption{text-align:left;font-weight:bold}";

  /**
   * Starts a page: doctype, head with {@code title} and the style (body at most {@code maxWidthEm}
   * wide), body.
   */
  public static void head(StringBuilder b, String title, int maxWidthEm, String extraStyle) {
    b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
        .append(esc(title))
        .append("</title>\n<style>body{font-family:sans-serif;margin:2em;max-width:")
        .append(maxWidthEm)
        .append("em}")
        .append(STYLE)
        .append(extraStyle)
        .append("</style></head><body>\n");
  }

  /** One list item: the key in bold, then the value. */
  public static void item(StringBuilder b, String k, String v) {
    b.append("<li><b>").append(esc(k)).append("</b>: ").append(esc(v)).append("</li>");
  }

  /** The scenario's name, nodes with their capacity, plan step and horizon, reservations. */
  public static void scenarioItems(StringBuilder b, String documentName, Scenario scenario) {
    Resources cap = scenario.cluster().totalCapacity();
    item(b, "name", scenario.name() + " (" + documentName + ")");
    item(
        b,
        "nodes",
        scenario.cluster().nodeCount()
            + " ("
            + cap.memoryMB()
            + " MB memory, "
            + cap.vcores()
            + " vcores in all)");
    item(
        b,
        "plan step",
        scenario.stepSeconds() + " s, horizon " + scenario.horizonSteps() + " steps");
    item(b, "reservations", Integer.toString(scenario.reservations().size()));
  }

  /** Text made safe for HTML content and attribute values; null becomes empty. */
  public static String esc(String s) {
    if (s == null) return "";
    StringBuilder o = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<' -> o.append("&lt;");
        case '>' -> o.append("&gt;");
        case '&' -> o.append("&amp;");
        case '"' -> o.append("&quot;");
        case '\'' -> o.append("&#39;");
        default -> o.append(c);
      }
    }
    return o.toString();
  }
}
