package io.rayon.engine.planning.milp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.PlanView;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MilpFormulationTest {
  static ReservationRequest req(String id, String rdl) {
    try {
      return ReservationRequest.of(id, RdlParser.parse(rdl, id));
    } catch (io.rayon.model.rdl.RdlParseException e) {
      throw new IllegalArgumentException(e);
    }
  }

  @Test
  void smoke() {
    PlanView plan = TestPlans.empty(Resources.of(4096, 4), 10);
    MilpOptions o = MilpOptions.DEFAULT.withTimeLimit(Duration.ofSeconds(5));
    MilpFormulation f = new MilpFormulation(plan, List.of(
        req("a", "window(atom(<1024,1>,1,4,1,12),0,5)"),
        req("b", "window(atom(<1024,1>,2,2,3,6),0,6)"),
        req("c", "window(order(atom(<1024,1>,1,2,1,2),atom(<1024,1>,1,4,2,8)),0,10)")), o, null);
    OjAlgoSolver.Outcome out = OjAlgoSolver.solve(f, f.warmStart(Map.of()), CancellationToken.NEVER, (x, m) -> System.out.println(m));
    System.out.println(out.result());
    System.out.println(f.read(out.values()));
  }
}
