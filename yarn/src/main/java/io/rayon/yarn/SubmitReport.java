package io.rayon.yarn;

import java.util.List;

/** Plain-text report of submission outcomes, for the Live tab and dialogs. */
public final class SubmitReport {
  private SubmitReport() {}

  public static String format(List<SubmitOutcome> outcomes, boolean preview) {
    StringBuilder b = new StringBuilder();
    for (SubmitOutcome o : outcomes) {
      b.append(o.reservationId()).append(": ").append(o.status());
      if (o.yarnReservationId() != null) b.append(" as ").append(o.yarnReservationId());
      b.append(" (queue ").append(o.queue()).append(')');
      if (o.message() != null) b.append(" — ").append(o.message());
      if (o.localDecision() != null)
        b.append(" (local plan: ").append(o.localDecision()).append(')');
      b.append('\n');
      for (String n : o.notes()) b.append("    note: ").append(n).append('\n');
      for (String w : o.warnings()) b.append("    warning: ").append(w).append('\n');
      for (YarnTranslation.Problem p : o.problems())
        b.append("    cannot express: ").append(p).append('\n');
      if (preview && o.submission() != null && o.submission().has("reservation-definition")) {
        var d = o.submission().get("reservation-definition");
        var reqs = d.get("reservation-requests");
        b.append("    interpreter ")
            .append(reqs.get("reservation-request-interpreter"))
            .append(", window [")
            .append(d.get("arrival"))
            .append(", ")
            .append(d.get("deadline"))
            .append(") ms, ")
            .append(reqs.get("reservation-request").size())
            .append(" stage(s)\n");
      }
    }
    return b.toString();
  }
}
