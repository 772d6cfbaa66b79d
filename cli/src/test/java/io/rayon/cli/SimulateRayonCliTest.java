package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rayon simulate --scheduler rayon|capacity}: Rayon end to end from the command line (Rayon
 * §6.4).
 */
class SimulateRayonCliTest {
  @TempDir Path tmp;
  Path failure;
  Path flood;

  private static String job(
      String id,
      String user,
      String kind,
      long arrival,
      String deadline,
      String res,
      int tasks,
      long mem,
      long vcores,
      long dur) {
    return "{\"id\":\""
        + id
        + "\",\"user\":\""
        + user
        + "\",\"kind\":\""
        + kind
        + "\",\"arrivalS\":"
        + arrival
        + (deadline == null
            ? ""
            : ",\"deadlineS\":" + deadline + ",\"reservationId\":\"" + res + "\"")
        + ",\"tasks\":[{\"name\":\"t\",\"count\":"
        + tasks
        + ",\"request\":{\"memoryMB\":"
        + mem
        + ",\"vcores\":"
        + vcores
        + "},\"durationS\":"
        + dur
        + "}]}";
  }

  private static String res(String id, String rdl) {
    return "{\"id\":\""
        + id
        + "\",\"user\":\"prod\",\"rdl\":\""
        + rdl
        + "\",\"priority\":0,\"arrival\":0}";
  }

  private static String scenario(int nodes, String reservations, String jobs) {
    return "{\"formatVersion\":1,\"name\":\"e2e\",\"stepSeconds\":60,\"horizonSteps\":60,"
        + "\"cluster\":{\"name\":\"c\",\"nodeGroups\":[{\"name\":\"n\",\"count\":"
        + nodes
        + ",\"capacity\":{\"memoryMB\":8192,\"vcores\":8}}]},\"reservations\":["
        + reservations
        + "],"
        + "\"workload\":{\"source\":\"hand\",\"jobs\":["
        + jobs
        + "]}}";
  }

  @BeforeEach
  void write() throws Exception {
    String node = "atom(<8192,8>,1,1,5,5)";
    failure = tmp.resolve("failure.json");
    Files.writeString(
        failure,
        scenario(
            2,
            res("r1", "window(" + node + ",5,10)")
                + ","
                + res("r2", "window(" + node + ",5,10)")
                + ","
                + res("r3", "window(" + node + ",10,15)"),
            job("b", "adhoc", "BEST_EFFORT", 0, null, null, 2, 8192, 8, 1000)
                + ","
                + job("j1", "prod", "PRODUCTION", 300, "600", "r1", 1, 8192, 8, 300)
                + ","
                + job("j2", "prod", "PRODUCTION", 300, "600", "r2", 1, 8192, 8, 300)
                + ","
                + job("j3", "prod", "PRODUCTION", 600, "900", "r3", 1, 8192, 8, 300)));
    flood = tmp.resolve("flood.json");
    Files.writeString(
        flood,
        scenario(
            4,
            res("r", "window(atom(<1024,1>,16,16,10,160),2,15)"),
            job("p", "prod", "PRODUCTION", 0, "900", "r", 16, 1024, 1, 600)
                + ","
                + job("flood", "adhoc", "BEST_EFFORT", 0, null, null, 200, 1024, 1, 300)));
  }

  @Test
  void aNodeFailureReplansAndRejectsInTheJson() throws Exception {
    CliRun r =
        CliRun.of(
            "simulate",
            failure.toString(),
            "--scheduler",
            "rayon",
            "-O",
            "reservable=1",
            "--planner",
            "gree",
            "--fail-nodes",
            "1@3m",
            "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode j = r.json();
    assertThat(j.get("replans").asInt()).isEqualTo(1);
    assertThat(j.get("rejectedAfterFailure").asInt()).isEqualTo(1);
    assertThat(j.get("slaAcceptance").asDouble()).isEqualTo(1.0);
    assertThat(j.get("slaFulfillment").asDouble()).isEqualTo(1.0);
    assertThat(j.get("preemptedContainers").asLong()).isEqualTo(1);
    assertThat(j.get("beCompleted").asInt()).isEqualTo(1);
    assertThat(j.get("beMeanLatencyS").isNumber()).isTrue();
    assertThat(j.get("utilization").get("mean").isNumber()).isTrue();
    assertThat(j.get("utilization").get("overTime").size()).isPositive();

    CliRun human =
        CliRun.of(
            "simulate",
            failure.toString(),
            "--scheduler",
            "rayon",
            "-O",
            "reservable=1",
            "--fail-nodes",
            "1@3m");
    assertThat(human.out())
        .contains("rayon (planner greel, 100% reservable)")
        .contains("re-plans             1, 1")
        .contains("reservation r2 rejected: no longer fits after the capacity change at step 3");
  }

  @Test
  void theCapacityBaselineMissesTheDeadlineRayonMeets() throws Exception {
    JsonNode cs =
        CliRun.of("simulate", flood.toString(), "--scheduler", "capacity", "--json").json();
    JsonNode rayon =
        CliRun.of("simulate", flood.toString(), "--scheduler", "rayon", "--json").json();
    assertThat(cs.get("slaFulfillment").asDouble()).isEqualTo(0.0);
    assertThat(rayon.get("slaFulfillment").asDouble()).isEqualTo(1.0);
    assertThat(cs.get("preemptedContainers").asLong()).isZero();
  }

  @Test
  void theOtherSchedulersKeepTheirJsonKeys() throws Exception {
    JsonNode j =
        CliRun.of("simulate", flood.toString(), "--scheduler", "reservation", "--json").json();
    assertThat(j.has("slaAcceptance")).isFalse();
  }

  @Test
  void badValuesAreBadInputNamingTheOption() {
    CliRun none =
        CliRun.of("simulate", failure.toString(), "--scheduler", "rayon", "--fail-nodes", "0@1h");
    assertThat(none.exit()).isEqualTo(2);
    assertThat(none.err()).contains("--fail-nodes '0@1h'").contains("at least 1");
    CliRun time =
        CliRun.of("simulate", failure.toString(), "--scheduler", "rayon", "--fail-nodes", "3@soon");
    assertThat(time.exit()).isEqualTo(2);
    assertThat(time.err()).contains("--fail-nodes '3@soon'").contains("time 'soon'");
    CliRun dur =
        CliRun.of(
            "simulate", failure.toString(), "--scheduler", "rayon", "--fail-nodes", "3@1h+0s");
    assertThat(dur.exit()).isEqualTo(2);
    assertThat(dur.err()).contains("--fail-nodes '3@1h+0s'").contains("duration");
    CliRun over =
        CliRun.of("simulate", failure.toString(), "--scheduler", "rayon", "--over-reserve", "-1");
    assertThat(over.exit()).isEqualTo(2);
    assertThat(over.err()).contains("over-reserve");
    CliRun planner =
        CliRun.of("simulate", failure.toString(), "--scheduler", "rayon", "--planner", "fast");
    assertThat(planner.exit()).isEqualTo(2);
    assertThat(planner.err()).contains("planner").contains("greel");
    CliRun notRayon =
        CliRun.of("simulate", failure.toString(), "--scheduler", "capacity", "--planner", "gree");
    assertThat(notRayon.exit()).isEqualTo(2);
    assertThat(notRayon.err()).contains("planner");
  }
}
