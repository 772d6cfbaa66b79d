package io.rayon.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.io.PlanFileIO;
import io.rayon.model.plan.PlanFile;
import io.rayon.testsupport.SampleScenarios;
import org.junit.jupiter.api.Test;

/** The plan-file example in docs/formats.md is real: it reads, and its CSV matches the doc's. */
class PlanFileDocTest {
  @Test
  void planFileExampleInFormatsDocReads() throws Exception {
    String md = SampleScenarios.read(SampleScenarios.repoRoot().resolve("docs/formats.md"));
    int section = md.indexOf("## Plan files");
    assertThat(section).isPositive();
    int from = md.indexOf("```json\n", section) + 8;
    String json = md.substring(from, md.indexOf("```", from));
    PlanFile p = PlanFileIO.parse(json, "docs/formats.md");
    assertThat(p.decisions()).hasSize(2);
    assertThat(p.decisions().get(1).rejection().resource()).isEqualTo("memoryMB");
    int csvFrom = md.indexOf("```\nreservation,", section) + 4;
    assertThat(PlanFileIO.toCsv(p)).isEqualTo(md.substring(csvFrom, md.indexOf("```", csvFrom)));
  }
}
