package io.rayon.model.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A saved plan (docs/formats.md, "Plan files"): which scenario was planned, by which planner, under
 * which sharing policy and step length, and every reservation's decision — accepted with its
 * allocation, or rejected with its reason. {@code metrics} holds the run's figures by name (the
 * same keys as {@code rayon plan --json}); it is informative and not read back by the validator.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
  "formatVersion",
  "scenario",
  "planner",
  "policy",
  "stepSeconds",
  "horizonSteps",
  "metrics",
  "decisions"
})
public record PlanFile(
    int formatVersion,
    String scenario,
    String planner,
    String policy,
    long stepSeconds,
    long horizonSteps,
    Map<String, Object> metrics,
    List<Decision> decisions) {

  /** The plan-file format version this build writes; it reads this version only. */
  public static final int FORMAT_VERSION = 1;

  public PlanFile {
    Objects.requireNonNull(planner, "planner");
    metrics =
        metrics == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    if (decisions != null) {
      for (int i = 0; i < decisions.size(); i++) {
        if (decisions.get(i) == null)
          throw new IllegalArgumentException("decisions[" + i + "] is null");
      }
    }
    decisions = decisions == null ? List.of() : List.copyOf(decisions);
    if (policy == null) policy = "none";
  }
}
