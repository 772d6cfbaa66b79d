package io.rayon.engine.sim.rush;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.rush.RuntimeDistribution;
import io.rayon.model.rush.RushScenario;
import io.rayon.model.rush.RushScenarioIO;
import io.rayon.model.rush.UtilityFunction;
import io.rayon.testsupport.SampleScenarios;
import org.junit.jupiter.api.Test;

/** The RUSH example in docs/formats.md is real, and so is the sample. */
class RushFormatsDocTest {
  @Test
  void theDocumentedExampleReadsAndRuns() throws Exception {
    String md = SampleScenarios.read(SampleScenarios.repoRoot().resolve("docs/formats.md"));
    int section = md.indexOf("## RUSH scenario files");
    assertThat(section).isPositive();
    int start = md.indexOf("```json\n", section) + 8;
    String json = md.substring(start, md.indexOf("```", start));
    RushScenario s = RushScenarioIO.parse(json, "docs/formats.md");
    assertThat(s.jobs()).hasSize(2);
    assertThat(s.jobs().get(0).runtime()).isEqualTo(new RuntimeDistribution.Normal(60, 20, 1));
    assertThat(s.jobs().get(1).deadline()).isEqualTo(30 + 900); // piecewise: where it reaches 0
    assertThat(s.jobs().get(1).utility()).isInstanceOf(UtilityFunction.PiecewiseLinear.class);
    RushRunResult r =
        RushSimulator.run(s, new EdfScheduler(), ProgressListener.NONE, CancellationToken.NEVER);
    assertThat(r.jobs()).allSatisfy(j -> assertThat(j.completion()).isGreaterThan(j.arrival()));
  }

  @Test
  void theSampleIsTheGeneratorsDefault() throws Exception {
    RushScenario sample = RushScenarioIO.read(SampleScenarios.sample("rush-vb.json"));
    assertThat(sample).isEqualTo(RushGenerator.generate(RushGenerator.Params.PAPER));
    assertThat(RushGenerator.classCounts(sample)).containsExactly(20, 60, 20, 0);
  }
}
