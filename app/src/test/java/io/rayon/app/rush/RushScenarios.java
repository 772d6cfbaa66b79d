package io.rayon.app.rush;

import io.rayon.model.rush.RuntimeDistribution;
import io.rayon.model.rush.RushJobSpec;
import io.rayon.model.rush.RushScenario;
import io.rayon.model.rush.RushScenarioIO;
import io.rayon.model.rush.UtilityFunction;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Small RUSH scenarios for the app's tests. */
public final class RushScenarios {
  private RushScenarios() {}

  /**
   * Four containers, eight jobs of four ten-second tasks arriving two at a time: the even jobs have
   * a generous linear budget, the odd ones a budget they cannot meet (their utility is zero after
   * 12 s, and four tasks on the free containers take at least 10 s after they wait), so RUSH flags
   * some of them as unable to keep a non-zero utility.
   */
  public static RushScenario tight() {
    List<RushJobSpec> jobs = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      UtilityFunction u =
          i % 2 == 0
              ? new UtilityFunction.Linear(1, 0.005, 120)
              : new UtilityFunction.Linear(1, 0.5, 10);
      jobs.add(
          new RushJobSpec(
              "job-" + i,
              "sort",
              i % 2 == 0 ? "insensitive" : "critical",
              5.0 * (i / 2),
              4,
              new RuntimeDistribution.Fixed(10),
              10,
              u));
    }
    return RushScenario.of("tight", "test scenario", 4, 1, 7, jobs);
  }

  public static Path write(RushScenario s, Path file) throws IOException {
    RushScenarioIO.write(s, file);
    return file;
  }
}
