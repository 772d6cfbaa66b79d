package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.model.io.Json;
import io.rayon.testsupport.FakeRm;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rayon live} and {@code rayon yarn submit|export} end to end against a loopback fake RM.
 */
class LiveCliTest {
  FakeRm rm;
  final StringWriter out = new StringWriter();
  final StringWriter err = new StringWriter();
  @TempDir Path tmp;

  @BeforeEach
  void start() throws Exception {
    rm = new FakeRm();
  }

  @AfterEach
  void stop() {
    rm.close();
  }

  int run(String... args) {
    var cl = RayonCli.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  Path scenario() throws Exception {
    Path p = tmp.resolve("scenario.json");
    try (var in = getClass().getResourceAsStream("/live/two-reservations.json")) {
      Files.copy(in, p);
    }
    return p;
  }

  @Test
  void liveOncePrintsMetricsNodesQueuesAndReservations() {
    int code = run("live", rm.url(), "--once");
    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains("(Hadoop 3.4.1, STARTED, ACTIVE)")
        .contains("Cluster: 2 of 2 nodes active, memory 0/8192 MB")
        .contains("Nodes (2):")
        .contains("dedicated")
        .contains("Reservations in dedicated:")
        .contains("reservation_1795362593148_0001");
  }

  @Test
  void liveJsonHasTheDocumentedKeys() throws Exception {
    assertThat(run("live", rm.url(), "--once", "--json")).isZero();
    JsonNode n = Json.mapper().readTree(out.toString());
    assertThat(n.fieldNames())
        .toIterable()
        .contains(
            "source",
            "takenAt",
            "info",
            "metrics",
            "nodes",
            "schedulerType",
            "rootQueue",
            "apps",
            "reservationQueues",
            "reservations",
            "warnings");
    assertThat(n.get("reservations").get(0).get("allocations")).hasSize(1);
  }

  @Test
  void liveOnAServerThatFailsExitsOneWithTheEndpointNamed() {
    rm.route("/ws/v1/cluster/metrics", FakeRm.status(500, "oops"));
    int code = run("live", rm.url(), "--once", "--retries", "1");
    assertThat(code).isEqualTo(1);
    assertThat(err.toString())
        .contains("GET /ws/v1/cluster/metrics: HTTP 500 Internal Server Error: oops");
  }

  @Test
  void livePollsABoundedNumberOfTimesAndReportsStaleData() {
    rm.route(
        "/ws/v1/cluster/metrics",
        FakeRm.failFirst(1, 404, FakeRm.json(FakeRm.golden("metrics.json"))));
    int code = run("live", rm.url(), "--count", "2", "--period", "500ms", "--retries", "1");
    assertThat(code).isZero();
    assertThat(err.toString()).contains("HTTP 404").contains("data stale since");
    assertThat(out.toString()).contains("Nodes (2):");
  }

  @Test
  void badUrlOrPeriodIsBadInput() {
    assertThat(run("live", "ftp://rm:21", "--once")).isEqualTo(2);
    assertThat(err.toString()).contains("only http:// and https:// are supported");
    assertThat(run("live", rm.url(), "--period", "soon")).isEqualTo(2);
    assertThat(err.toString()).contains("--period: 'soon' is not a duration");
  }

  @Test
  void submitDryRunPreviewsWithoutContactingTheServer() throws Exception {
    int code =
        run(
            "yarn",
            "submit",
            scenario().toString(),
            "--dry-run",
            "--json",
            "--start",
            "2026-11-22T18:00:00Z");
    assertThat(code).as(err.toString()).isZero();
    JsonNode n = Json.mapper().readTree(out.toString());
    assertThat(n.get("dryRun").asBoolean()).isTrue();
    assertThat(n.get("outcomes").get(0).get("status").asText()).isEqualTo("PREVIEW");
    assertThat(
            n.get("outcomes")
                .get(0)
                .get("submission")
                .get("reservation-definition")
                .get("arrival")
                .asLong())
        .isEqualTo(Instant.parse("2026-11-22T18:00:10Z").toEpochMilli());
    assertThat(n.get("outcomes").get(0).has("warnings")).isFalse();
    // h=2 below w/l=10: YARN cannot cap the parallelism, so it is sent relaxed, with a warning
    JsonNode wide = n.get("outcomes").get(1);
    assertThat(wide.get("status").asText()).isEqualTo("PREVIEW");
    assertThat(wide.get("warnings").get(0).asText())
        .startsWith("atom at path 0:")
        .contains("h=2 relaxed to 10");
    assertThat(rm.requests).isEmpty();
  }

  @Test
  void submitWithoutAllowWriteRefusesAndSendsNothing() throws Exception {
    int code = run("yarn", "submit", scenario().toString(), "--url", rm.url(), "--user", "alice");
    assertThat(code).isEqualTo(2);
    assertThat(err.toString())
        .contains("read-only: nothing was submitted")
        .contains("--allow-write");
    assertThat(rm.requests).isEmpty();
  }

  @Test
  void submitSendsListsBackAndComparesAndExitsOneWhenSomethingCannotGo() throws Exception {
    rm.route(
        "/ws/v1/cluster/reservation/new-reservation",
        FakeRm.json("{\"reservation-id\":\"reservation_1795362593148_0001\"}"));
    rm.route("/ws/v1/cluster/reservation/submit", FakeRm.status(202, ""));
    int code =
        run(
            "yarn",
            "submit",
            scenario().toString(),
            "--url",
            rm.url(),
            "--user",
            "rayon",
            "--allow-write",
            "--reservation",
            "etl",
            "--start",
            String.valueOf(1795362603000L),
            "--json");
    assertThat(code).as(err.toString()).isZero();
    JsonNode oc = Json.mapper().readTree(out.toString()).get("outcomes").get(0);
    assertThat(oc.get("status").asText()).isEqualTo("ACCEPTED");
    assertThat(oc.get("yarnReservationId").asText()).isEqualTo("reservation_1795362593148_0001");
    // the golden reply holds 1 container for 12 steps of 10 s: the same 12 container-steps we asked
    // for
    assertThat(oc.get("comparison").get("yarnGranted").get("memoryMB").asLong())
        .isEqualTo(12 * 1024);
    assertThat(oc.get("comparison").get("requested").get("memoryMB").asLong()).isEqualTo(12 * 1024);
    // the scenario was also planned locally (GREE): same work, compared step by step
    assertThat(oc.get("localDecision").asText()).isEqualTo("accepted");
    assertThat(oc.get("comparison").get("localGranted").get("memoryMB").asLong())
        .isEqualTo(12 * 1024);
    assertThat(oc.get("comparison").has("stepsThatDiffer")).isTrue();
    assertThat(rm.requestsTo("/ws/v1/cluster/reservation/submit"))
        .singleElement()
        .satisfies(r -> assertThat(r.query()).isEqualTo("user.name=rayon"));
  }

  @Test
  void aRejectionByYarnIsReportedWithYarnsReasonAndExitOne() throws Exception {
    rm.route(
        "/ws/v1/cluster/reservation/new-reservation",
        FakeRm.json("{\"reservation-id\":\"reservation_9_0001\"}"));
    rm.route(
        "/ws/v1/cluster/reservation/submit",
        FakeRm.status(
            400,
            "{\"RemoteException\":{\"exception\":\"BadRequestException\","
                + "\"message\":\"The size of the largest gang exceeds the capacity available\"}}"));
    int code =
        run(
            "yarn",
            "submit",
            scenario().toString(),
            "--url",
            rm.url(),
            "--allow-write",
            "--reservation",
            "etl");
    assertThat(code).isEqualTo(1);
    assertThat(out.toString())
        .contains("etl: REJECTED")
        .contains("largest gang exceeds the capacity");
  }

  @Test
  void exportWritesOneSubmissionPerReservationWithItsWarnings() throws Exception {
    Path dir = tmp.resolve("out");
    int code =
        run(
            "yarn",
            "export",
            scenario().toString(),
            "--out",
            dir.toString(),
            "--start",
            "2026-11-22T18:00:00Z",
            "--json");
    assertThat(code).as(err.toString()).isZero();
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("etl.json", "wide.json");
    }
    JsonNode body = Json.mapper().readTree(dir.resolve("etl.json").toFile());
    assertThat(body.get("queue").asText()).isEqualTo("dedicated");
    assertThat(body.has("reservation-id")).isFalse();
    JsonNode n = Json.mapper().readTree(out.toString());
    assertThat(n.get("pinned").asBoolean()).isFalse();
    assertThat(n.get("notExpressible")).isEmpty();
    assertThat(n.get("written").get(0).get("warnings")).isEmpty();
    assertThat(n.get("written").get(1).get("reservationId").asText()).isEqualTo("wide");
    assertThat(n.get("written").get(1).get("warnings").get(0).asText())
        .contains("max parallelism h=2 relaxed to 10");
  }

  @Test
  void anUnknownReservationIdIsBadInput() throws Exception {
    assertThat(
            run(
                "yarn",
                "export",
                scenario().toString(),
                "--out",
                tmp.toString(),
                "--reservation",
                "nope"))
        .isEqualTo(2);
    assertThat(err.toString())
        .contains("no reservation [nope] in the scenario; it has [etl, wide]");
  }
}
