package io.rayon.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.rdl.RdlCompiler;
import io.rayon.engine.trace.ImportOptions;
import io.rayon.engine.trace.ImportResult;
import io.rayon.engine.trace.SwimImporter;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.testsupport.SampleScenarios;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SwimScenarioGeneratorTest {

  static ImportResult small() throws Exception {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 40; i++)
      sb.append("job")
          .append(i)
          .append('\t')
          .append(i * 60)
          .append("\t60\t")
          .append(1_000_000_000L * (i % 3 + 1))
          .append("\t2000000000\t100000\n");
    return new SwimImporter()
        .read(new StringReader(sb.toString()), "small.tsv", ImportOptions.DEFAULT);
  }

  @Test
  void productionJobsGetWindowedReservationsDerivedFromTheirTasks() throws Exception {
    SwimScenarioGenerator.Params p = SwimScenarioGenerator.Params.PAPER;
    p =
        new SwimScenarioGenerator.Params(
            p.nodes(),
            p.nodeCapacity(),
            p.racks(),
            p.stepSeconds(),
            0.25,
            0.10,
            2.0,
            30,
            60,
            3,
            p.sharingPolicy(),
            7);
    Scenario s = SwimScenarioGenerator.generate("t", small(), p);
    assertThat(s.reservations()).hasSize(10);
    assertThat(s.workload().jobs().stream().filter(j -> j.kind() == JobKind.PRODUCTION))
        .hasSize(10);
    Map<String, Job> jobs = new HashMap<>();
    for (Job j : s.workload().jobs()) jobs.put(j.id(), j);
    for (ReservationRequest r : s.reservations()) {
      Job j = jobs.get(r.name());
      assertThat(j.reservationId()).isEqualTo(r.id());
      Rdl.Window w = (Rdl.Window) r.rdl();
      assertThat(w.start()).isEqualTo(j.arrivalS() / 60);
      assertThat(j.deadlineS()).isEqualTo(w.finish() * 60);
      // maps: 1-3 GB at 128 MB per map; work = tasks x lease x 1.1, rounded up
      Rdl.Atom maps = (Rdl.Atom) w.expr().children().get(0);
      long lease = (j.tasks().get(0).durationS() + 59) / 60;
      assertThat(maps.minLease()).isEqualTo(lease);
      assertThat(maps.maxParallelism()).isEqualTo(j.tasks().get(0).count());
      assertThat(maps.work()).isEqualTo((long) Math.ceil(j.tasks().get(0).count() * lease * 1.1));
      assertThat(RdlCompiler.compile(r.rdl(), s.cluster()).feasible()).isTrue();
    }
    assertThat(ScenarioChecks.check(s)).isEmpty();
  }

  @Test
  void sameSeedSameScenarioOtherSeedOtherPick() throws Exception {
    SwimScenarioGenerator.Params p = SwimScenarioGenerator.Params.PAPER;
    SwimScenarioGenerator.Params q =
        new SwimScenarioGenerator.Params(
            p.nodes(),
            p.nodeCapacity(),
            p.racks(),
            p.stepSeconds(),
            0.25,
            p.slack(),
            p.deadlineFactor(),
            p.minDeadlineSlackSteps(),
            p.leadSteps(),
            p.users(),
            p.sharingPolicy(),
            99);
    p =
        new SwimScenarioGenerator.Params(
            p.nodes(),
            p.nodeCapacity(),
            p.racks(),
            p.stepSeconds(),
            0.25,
            p.slack(),
            p.deadlineFactor(),
            p.minDeadlineSlackSteps(),
            p.leadSteps(),
            p.users(),
            p.sharingPolicy(),
            1);
    assertThat(SwimScenarioGenerator.generate("t", small(), p))
        .isEqualTo(SwimScenarioGenerator.generate("t", small(), p));
    assertThat(SwimScenarioGenerator.generate("t", small(), q).reservations())
        .isNotEqualTo(SwimScenarioGenerator.generate("t", small(), p).reservations());
  }

  @Test
  void theCommittedSwimSampleIsWhatTheGeneratorProduces() throws Exception {
    ImportResult imported =
        new SwimImporter().read(SampleScenarios.swimTrace(), ImportOptions.DEFAULT);
    Scenario generated =
        SwimScenarioGenerator.generate("swim-256", imported, SwimScenarioGenerator.Params.PAPER);
    Path committed = SampleScenarios.sample("swim-256.json");
    Scenario onDisk = ScenarioIO.read(committed);
    assertThat(onDisk).isEqualTo(generated);
    assertThat(onDisk.cluster().nodeCount()).isEqualTo(256);
    assertThat(onDisk.reservations()).hasSize((int) Math.round(5894 * 0.05));
    assertThat(ScenarioChecks.check(onDisk)).isEmpty();
    assertThat(Files.size(committed)).isLessThan(5_000_000);
  }
}
