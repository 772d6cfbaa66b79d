package io.rayon.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.PlanFile;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link PlanFileIO#parse} binds a good plan file directly ({@link DirectBinding}: the decisions
 * through {@code Decision}'s own factory, the free-form metrics as the mapper's untyped binding
 * reads them) and reads any other the careful way. Seeded generated plan files, written by {@link
 * PlanFileIO#toJson}, bind to what the careful path reads; seeded mutations of them give the
 * careful path's outcome, the same plan or the same message.
 */
class PlanFileDirectBindingTest {

  @Test
  void generatedPlanFilesBindDirectly() throws Exception {
    Random r = new Random(71214L);
    for (int i = 0; i < 300; i++) {
      PlanFile written = plan(r);
      String json = PlanFileIO.toJson(written);
      PlanFile direct = DirectBinding.bind(json, PlanFile.class);
      assertThat(direct).as("plan %d was not bound directly:%n%s", i, json).isNotNull();
      assertThat(direct).isEqualTo(PlanFileIO.parseCarefully(json, "p.json"));
      assertThat(direct).isEqualTo(Json.mapper().readValue(json, PlanFile.class));
      assertThat(PlanFileIO.toJson(direct)).isEqualTo(json);
    }
  }

  @Test
  void anyMutatedPlanFileReadsAsTheCarefulPathReadsIt() throws Exception {
    Random r = new Random(71215L);
    int[] counts =
        JsonMutations.sameOutcomes(
            2000,
            r,
            i -> PlanFileIO.toJson(plan(r)),
            json -> PlanFileIO.parse(json, "p.json"),
            json -> PlanFileIO.parseCarefully(json, "p.json"),
            PlanFile.class);
    assertThat(counts[0]).as("accepted").isGreaterThan(200);
    assertThat(counts[1]).as("refused").isGreaterThan(500);
  }

  /** Metric values of every JSON kind the untyped binding reads differently. */
  private static final Object[] METRICS = {
    1,
    -7,
    1L << 40,
    Long.MIN_VALUE,
    0.25,
    1e-9,
    12.0,
    "text",
    "caf\u00e9",
    true,
    false,
    null,
    List.of(1, "a", 2.5),
    Map.of("k", 1L << 33),
    List.of(),
    Map.of()
  };

  private static PlanFile plan(Random r) {
    Map<String, Object> metrics = new LinkedHashMap<>();
    for (int i = r.nextInt(6); i > 0; i--)
      metrics.put("m" + r.nextInt(10), METRICS[r.nextInt(METRICS.length)]);
    List<Decision> decisions = new ArrayList<>();
    for (int i = r.nextInt(8); i > 0; i--) {
      String id = "r" + decisions.size();
      if (r.nextBoolean()) {
        List<AtomAllocation> atoms = new ArrayList<>();
        for (int a = 1 + r.nextInt(3); a > 0; a--) {
          List<Step> steps = new ArrayList<>();
          long t = r.nextInt(100);
          for (int s = r.nextInt(4); s > 0; s--) {
            long end = t + 1 + r.nextInt(20);
            steps.add(new Step(t, end, 1 + r.nextInt(50)));
            t = end + r.nextInt(3);
          }
          atoms.add(
              new AtomAllocation(
                  String.valueOf(a), Resources.of(1 + r.nextInt(8192), 1 + r.nextInt(8)), steps));
        }
        decisions.add(Decision.accept(new ReservationAllocation(id, atoms)));
      } else {
        Rejection.Code code = Rejection.Code.values()[r.nextInt(Rejection.Code.values().length)];
        Rejection why =
            r.nextBoolean()
                ? Rejection.of(code, "0", "no room")
                : new Rejection(code, "0.1", 0L, 100L + r.nextInt(100), "vcores", "50%", "limit");
        decisions.add(Decision.reject(id, why));
      }
    }
    String[] policies = {"none", "instantaneous:0.5", "capacity-over-time:1,1,24h"};
    return new PlanFile(
        PlanFile.FORMAT_VERSION,
        r.nextBoolean() ? "scenario" : null,
        r.nextBoolean() ? "greel-plus" : "gree",
        policies[r.nextInt(policies.length)],
        1 + r.nextInt(3600),
        1 + r.nextInt(100000),
        metrics,
        decisions);
  }
}
