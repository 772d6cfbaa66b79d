package io.rayon.engine.sim;

import static io.rayon.engine.sim.SimFixtures.group;
import static io.rayon.engine.sim.SimFixtures.job;
import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.resources.Resources;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.Workload;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadTransformsTest {
  @Test
  void extremeFitRequestsThePeakMemoryAndThePeakCpuRoundedUp() {
    Workload w =
        new Workload(
            "t",
            List.of(
                job(
                    "j",
                    0,
                    group("g", 3)
                        .request(8192, 4)
                        .duration(60)
                        .phase(10, 512, 0.3)
                        .phase(50, 3000, 1.4)
                        .build(),
                    group("plain", 1).request(1024, 2).build())));
    Workload efr = WorkloadTransforms.extremeFit(w);
    TaskGroup g = efr.jobs().get(0).tasks().get(0);
    assertThat(g.request()).isEqualTo(Resources.of(3000, 2));
    assertThat(g.usage()).isEqualTo(w.jobs().get(0).tasks().get(0).usage());
    assertThat(efr.jobs().get(0).tasks().get(1).request()).isEqualTo(Resources.of(1024, 2));
    assertThat(efr.source()).contains("extreme fit");
  }

  @Test
  void usageKeepsThousandthsOfAVcoreAndWholeVcoresPlain() {
    assertThat(UsageProfiles.cpu(UsageProfiles.usage(100, 0.375))).isEqualTo(0.375);
    assertThat(UsageProfiles.usage(100, 0.375).vcores()).isEqualTo(1);
    assertThat(UsageProfiles.usage(100, 2.0)).isEqualTo(Resources.of(100, 2));
    assertThat(UsageProfiles.cpu(Resources.of(100, 3))).isEqualTo(3.0);
  }
}
