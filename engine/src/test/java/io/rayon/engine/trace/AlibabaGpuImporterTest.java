package io.rayon.engine.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.model.cluster.Cluster;
import io.rayon.model.io.FormatException;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AlibabaGpuImporterTest {
  @TempDir Path tmp;

  private static final String HEADER =
      "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n";

  @Test
  void readsTheSamplePods() throws Exception {
    ImportResult r =
        new AlibabaGpuImporter()
            .read(
                Traces.shared("alibaba-gpu-2023/openb_pod_list_default.csv"),
                ImportOptions.DEFAULT);
    assertThat(r.skippedLines()).isZero();
    assertThat(r.workload().jobs()).hasSizeGreaterThan(8_000);
    Job first = r.workload().jobs().get(0);
    // openb-pod-0000,12000,16384,1,1000,,LS,Running,0,12537496,0
    assertThat(first.id()).isEqualTo("openb-pod-0000");
    assertThat(first.kind()).isEqualTo(JobKind.PRODUCTION);
    TaskGroup g = first.tasks().get(0);
    assertThat(g.request().memoryMB()).isEqualTo(16384);
    assertThat(g.request().vcores()).isEqualTo(12);
    assertThat(g.request().get(AlibabaGpuImporter.GPU_MILLI)).isEqualTo(1000);
    assertThat(g.durationS()).isEqualTo(12537496);
  }

  @Test
  void readsTheNodeListIntoNodeGroups() throws Exception {
    Cluster c =
        AlibabaGpuImporter.readNodes(
            Traces.shared("alibaba-gpu-2023/openb_node_list_all_node.csv"), "openb");
    assertThat(c.nodeCount()).isEqualTo(1523);
    assertThat(c.nodeGroups())
        .anySatisfy(
            g -> {
              assertThat(g.name()).startsWith("cpu-32c-262144m");
              assertThat(g.capacity().vcores()).isEqualTo(32);
            });
  }

  @Test
  void mapsQosAndGpuSharingAndIgnoresPodsWithoutRunTime() throws Exception {
    Path f = tmp.resolve("pods.csv");
    Files.writeString(
        f,
        HEADER
            + "p1,4000,15258,1,220,,BE,Running,100,400,150\n"
            + "p2,500,1024,0,0,,Burstable,Pending,200,,\n"
            + "p3,88000,327680,8,1000,,Burstable,Succeeded,300,900,0\n");
    ImportResult r =
        new AlibabaGpuImporter()
            .read(f, new ImportOptions(false, 3, Map.of("startupS", "0", "jitter", "0")));
    assertThat(r.workload().jobs()).extracting(Job::id).containsExactly("p1", "p3");
    TaskGroup p1 = r.workload().jobs().get(0).tasks().get(0);
    assertThat(p1.durationS()).isEqualTo(250);
    assertThat(p1.request().get(AlibabaGpuImporter.GPU_MILLI)).isEqualTo(220);
    assertThat(p1.usage().get(0).usage().memoryMB()).isEqualTo(Math.round(15258 * 0.6));
    assertThat(r.workload().jobs().get(0).kind()).isEqualTo(JobKind.BEST_EFFORT);
    assertThat(
            r.workload().jobs().get(1).tasks().get(0).request().get(AlibabaGpuImporter.GPU_MILLI))
        .isEqualTo(8000);
    assertThat(r.workload().jobs().get(1).arrivalS()).isEqualTo(200);
    assertThat(r.warnings()).anySatisfy(w -> assertThat(w).contains("line 3").contains("p2"));
  }

  @Test
  void aBadNumberIsAnErrorNamingTheLineAndColumn() throws Exception {
    Path f = tmp.resolve("pods.csv");
    Files.writeString(
        f,
        HEADER
            + "p1,4000,15258,1,220,,BE,Running,100,400,150\np2,lots,1024,0,0,,BE,Running,1,5,1\n");
    assertThatThrownBy(() -> new AlibabaGpuImporter().read(f, ImportOptions.DEFAULT))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("at line 3")
        .hasMessageContaining("cpu_milli is 'lots'");
    ImportResult r = new AlibabaGpuImporter().read(f, new ImportOptions(true, 1, Map.of()));
    assertThat(r.skippedLines()).isEqualTo(1);
    assertThat(r.workload().jobs()).hasSize(1);
  }

  @Test
  void aMissingColumnIsNamed() throws Exception {
    Path f = tmp.resolve("pods.csv");
    Files.writeString(f, "name,cpu_milli\np1,4000\n");
    assertThatThrownBy(() -> new AlibabaGpuImporter().read(f, ImportOptions.DEFAULT))
        .hasMessageContaining("line 1")
        .hasMessageContaining("memory_mib");
  }
}
