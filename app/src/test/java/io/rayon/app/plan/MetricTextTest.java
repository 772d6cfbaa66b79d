package io.rayon.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetricTextTest {
  @Test
  void solverFiguresReadAsSentencesWithUnitsAndNullsAreLeftOut() {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("solverStatus", "FEASIBLE");
    r.put("gap", 0.0234);
    r.put("objective", 1520.0);
    r.put("bound", null);
    r.put("modelVariables", 340);
    r.put("modelIntegerVariables", 120);
    r.put("modelConstraints", 410);
    r.put("solverMessage", null);
    r.put("solverNotes", List.of("grid 5 steps per model step"));
    r.put("chosen", "milp");
    assertThat(MetricText.clauses(r))
        .containsExactly(
            "solver: feasible",
            "gap 2.3%",
            "objective 1520",
            "model: 340 variables (120 integer), 410 constraints",
            "kept the milp plan",
            "grid 5 steps per model step");
    assertThat(String.join("; ", MetricText.clauses(r))).doesNotContain("null");
  }

  @Test
  void aPlannerWithoutAReportAddsNothingAndUnknownFiguresPassThrough() {
    assertThat(MetricText.clauses(Map.of())).isEmpty();
    assertThat(MetricText.clauses(Map.of("candidates", 3))).containsExactly("candidates 3");
    assertThat(MetricText.explanation()).contains("gap").contains("objective");
  }
}
