package io.rayon.yarn;

import io.rayon.model.live.YarnReservation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Submits translated reservations to YARN one by one, lists each back, and compares YARN's
 * allocation with the request and the local plan. A refusal by YARN (HTTP 4xx) affects only that
 * reservation; when the server cannot be reached the remaining ones are reported as not sent (the
 * write is never retried, so nothing is submitted twice).
 */
public final class YarnSubmitter {
  private final YarnRestClient client;
  private final long horizonSteps;

  public YarnSubmitter(YarnRestClient client, long horizonSteps) {
    this.client = client;
    this.horizonSteps = horizonSteps;
  }

  /** The outcome of a dry run: what would be sent, nothing is contacted. */
  public static List<SubmitOutcome> preview(List<YarnTranslation> translations) {
    List<SubmitOutcome> out = new ArrayList<>();
    for (YarnTranslation t : translations) out.add(previewOf(t).withWarnings(t.warnings()));
    return out;
  }

  static SubmitOutcome previewOf(YarnTranslation t) {
    if (!t.ok()) {
      return new SubmitOutcome(
          t.reservationId(),
          SubmitOutcome.Status.NOT_EXPRESSIBLE,
          null,
          t.queue(),
          t.problems().size() + " construct(s) YARN cannot express",
          t.notes(),
          t.problems(),
          null,
          null,
          null);
    }
    return new SubmitOutcome(
        t.reservationId(),
        SubmitOutcome.Status.PREVIEW,
        null,
        t.queue(),
        null,
        t.notes(),
        List.of(),
        YarnRequests.submission(null, t.queue(), t.definition()),
        null,
        null);
  }

  /**
   * Submits every expressible translation. {@code localPlan} holds the local plan's decision per
   * reservation id (null or empty when no local plan was made); YARN's allocation is compared with
   * the local allocation of accepted ones.
   */
  public List<SubmitOutcome> submit(
      List<YarnTranslation> translations, Map<String, Decision> localPlan) {
    List<SubmitOutcome> raw = submitAll(translations, localPlan);
    List<SubmitOutcome> out = new ArrayList<>();
    for (int i = 0; i < raw.size(); i++) {
      SubmitOutcome o = raw.get(i);
      out.add(
          o.withLocalDecision(localDecision(localPlan, o.reservationId()))
              .withWarnings(translations.get(i).warnings()));
    }
    return out;
  }

  static String localDecision(Map<String, Decision> plan, String id) {
    if (plan == null) return null;
    Decision d = plan.get(id);
    if (d == null) return null;
    return d.accepted() ? "accepted" : "rejected: " + d.rejection();
  }

  private List<SubmitOutcome> submitAll(
      List<YarnTranslation> translations, Map<String, Decision> localPlan) {
    List<SubmitOutcome> out = new ArrayList<>();
    String unreachable = null;
    for (YarnTranslation t : translations) {
      if (!t.ok()) {
        out.add(previewOf(t));
        continue;
      }
      var body = YarnRequests.submission(null, t.queue(), t.definition());
      if (unreachable != null) {
        out.add(
            new SubmitOutcome(
                t.reservationId(),
                SubmitOutcome.Status.NOT_SENT,
                null,
                t.queue(),
                "not sent: " + unreachable,
                t.notes(),
                List.of(),
                body,
                null,
                null));
        continue;
      }
      String yarnId = null;
      try {
        yarnId = client.newReservationId();
        client.submitReservation(yarnId, t.queue(), t.definition());
      } catch (YarnRestException e) {
        if (e.kind() == YarnRestException.Kind.HTTP_STATUS && e.status() / 100 == 4) {
          out.add(
              new SubmitOutcome(
                  t.reservationId(),
                  SubmitOutcome.Status.REJECTED,
                  yarnId,
                  t.queue(),
                  e.getMessage(),
                  t.notes(),
                  List.of(),
                  YarnRequests.submission(yarnId, t.queue(), t.definition()),
                  null,
                  null));
        } else {
          unreachable = e.getMessage();
          out.add(
              new SubmitOutcome(
                  t.reservationId(),
                  SubmitOutcome.Status.NOT_SENT,
                  yarnId,
                  t.queue(),
                  (yarnId == null || e.kind() == YarnRestException.Kind.REDIRECT
                          ? "not sent: "
                          : "unknown whether YARN accepted it: ")
                      + e.getMessage(),
                  t.notes(),
                  List.of(),
                  body,
                  null,
                  null));
        }
        continue;
      }
      body = YarnRequests.submission(yarnId, t.queue(), t.definition());
      ReservationComparison cmp = null;
      String msg;
      try {
        YarnReservation listed = client.reservation(t.queue(), yarnId);
        if (listed == null) {
          msg = "accepted, but not listed back in queue " + t.queue();
        } else {
          Decision d = localPlan == null ? null : localPlan.get(t.reservationId());
          ReservationAllocation local = d != null && d.accepted() ? d.allocation() : null;
          cmp = ReservationComparison.of(t, listed, local, horizonSteps);
          msg =
              cmp.differences().isEmpty()
                  ? "accepted; YARN's allocation matches"
                  : "accepted; " + String.join("; ", cmp.differences());
        }
      } catch (YarnRestException e) {
        msg = "accepted, but listing it back failed: " + e.getMessage();
      }
      out.add(
          new SubmitOutcome(
              t.reservationId(),
              SubmitOutcome.Status.ACCEPTED,
              yarnId,
              t.queue(),
              msg,
              t.notes(),
              List.of(),
              body,
              cmp,
              null));
    }
    return out;
  }
}
