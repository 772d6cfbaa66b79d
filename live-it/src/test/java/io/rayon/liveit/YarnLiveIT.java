package io.rayon.liveit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.cli.RayonCli;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.io.Json;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.live.ClusterSnapshot;
import io.rayon.model.live.NodeReport;
import io.rayon.model.live.QueueReport;
import io.rayon.model.live.YarnAllocation;
import io.rayon.model.live.YarnInterpreter;
import io.rayon.model.live.YarnReservation;
import io.rayon.model.live.YarnReservationDefinition;
import io.rayon.model.live.YarnStage;
import io.rayon.model.plan.Decision;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.yarn.ReservationComparison;
import io.rayon.yarn.SubmitOutcome;
import io.rayon.yarn.YarnConnection;
import io.rayon.yarn.YarnRequests;
import io.rayon.yarn.YarnReservationTranslator;
import io.rayon.yarn.YarnRestClient;
import io.rayon.yarn.YarnRestException;
import io.rayon.yarn.YarnSubmitter;
import io.rayon.yarn.YarnTranslation;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The live client against a real in-process YARN (Hadoop 3.4.1 MiniYARNCluster). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class YarnLiveIT {
  static final long STEP_SECONDS = 10;

  MiniYarn yarn;
  YarnRestClient reader;
  YarnRestClient writer;

  @BeforeAll
  void startYarn() throws Exception {
    yarn = MiniYarn.start();
    YarnConnection c =
        YarnConnection.of(yarn.url)
            .withUser("rayon")
            .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(20));
    reader = new YarnRestClient(c);
    writer = new YarnRestClient(c.withAllowWrite(true));
  }

  @AfterAll
  void stopYarn() {
    if (yarn != null) yarn.close();
  }

  @Test
  void readsEveryEndpointOfARealResourceManager() throws Exception {
    dumpRawReplies();
    assertThat(reader.clusterInfo().hadoopVersion()).startsWith("3.4.1");
    assertThat(reader.clusterInfo().state()).isEqualTo("STARTED");

    var m = reader.metrics();
    assertThat(m.activeNodes()).isEqualTo(2);
    assertThat(m.total())
        .isEqualTo(Resources.of(2L * MiniYarn.NM_MEMORY_MB, 2L * MiniYarn.NM_VCORES));

    List<NodeReport> nodes = reader.nodes();
    assertThat(nodes).hasSize(2);
    assertThat(nodes)
        .allSatisfy(
            n -> {
              assertThat(n.capacity())
                  .isEqualTo(Resources.of(MiniYarn.NM_MEMORY_MB, MiniYarn.NM_VCORES));
              assertThat(n.isRunning()).isTrue();
            });

    assertThat(reader.apps()).isEmpty();

    QueueReport root = reader.queues();
    assertThat(root.name()).isEqualTo("root");
    QueueReport dedicated =
        root.children().stream()
            .filter(q -> q.name().equals("dedicated"))
            .findFirst()
            .orElseThrow();
    assertThat(dedicated.capacity()).isCloseTo(0.8, Offset.offset(1e-6));
    assertThat(YarnRestClient.planQueues(root)).containsExactly(MiniYarn.PLAN_QUEUE);
    assertThat(reader.schedulerType()).isEqualTo("capacityScheduler");

    ClusterSnapshot snap = reader.snapshot(List.of());
    assertThat(snap.reservationQueues()).containsExactly(MiniYarn.PLAN_QUEUE);
    assertThat(snap.warnings()).isEmpty();
    assertThat(snap.nodes()).hasSize(2);
  }

  @Test
  void aLocallyPlannedReservationIsAcceptedWithTheExpectedResourcesThenUpdatedAndDeleted()
      throws Exception {
    assertThat(yarn.planMemoryMB()).isPositive();
    long origin = nextSecond();
    var translator = new YarnReservationTranslator(STEP_SECONDS, 360);
    // 2 containers of <1024 MB, 1 vcore> for 6 steps (60 s) each, somewhere in [1, 31).
    ReservationRequest local =
        new ReservationRequest(
            "etl",
            "etl",
            "rayon",
            "dedicated",
            Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, 2, 6, 12), 1, 31),
            0,
            0);
    YarnTranslation t = translator.translate(local, origin, MiniYarn.PLAN_QUEUE);
    assertThat(t.problems()).isEmpty();
    YarnReservationDefinition def = t.definition();
    assertThat(def.stages()).containsExactly(new YarnStage(Resources.of(1024, 1), 2, 1, 60_000));

    String id = writer.newReservationId();
    assertThat(id).startsWith("reservation_");
    writer.submitReservation(id, MiniYarn.PLAN_QUEUE, def);

    dumpRawReply(
        "reservation-list-one",
        "reservation/list?queue=dedicated&include-resource-allocations=true");
    YarnReservation listed = reader.reservation(MiniYarn.PLAN_QUEUE, id);
    assertThat(listed).as("reservation %s listed back", id).isNotNull();
    assertThat(listed.definition().stages()).containsExactly(def.stages().get(0));
    assertThat(listed.definition().arrival()).isEqualTo(def.arrival());
    assertThat(listed.definition().deadline()).isEqualTo(def.deadline());
    // YARN's plan holds exactly the requested container-time, inside the window, in whole
    // containers.
    assertThat(memoryMillis(listed)).isEqualTo(2L * 1024 * 60_000);
    for (YarnAllocation a : listed.allocations()) {
      if (a.resource().isZero()) continue;
      assertThat(a.startMs()).isGreaterThanOrEqualTo(def.arrival());
      assertThat(a.endMs()).isLessThanOrEqualTo(def.deadline());
      assertThat(a.resource().memoryMB() % 1024).isZero();
    }
    var alloc = listed.allocation(origin, STEP_SECONDS * 1000, 360);
    assertThat(alloc.atoms())
        .singleElement()
        .satisfies(a -> assertThat(a.bundle()).isEqualTo(Resources.of(1024, 1)));
    assertThat(alloc.work()).isEqualTo(12);

    // Update: three containers instead of two.
    YarnTranslation bigger =
        translator.translate(
            local.withRdl(Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, 3, 6, 18), 1, 31)),
            origin,
            MiniYarn.PLAN_QUEUE);
    writer.updateReservation(id, bigger.definition());
    YarnReservation updated = reader.reservation(MiniYarn.PLAN_QUEUE, id);
    assertThat(updated.definition().stages().get(0).numContainers()).isEqualTo(3);
    assertThat(memoryMillis(updated)).isEqualTo(3L * 1024 * 60_000);

    writer.deleteReservation(id);
    assertThat(reader.listReservations(MiniYarn.PLAN_QUEUE)).noneMatch(r -> r.id().equals(id));
  }

  @Test
  void aReservationPlannedLocallyWithGreeIsAcceptedByYarnWithTheSameResources() throws Exception {
    Scenario sc =
        scenario(
            new ReservationRequest(
                "train",
                "train",
                "rayon",
                "dedicated",
                Rdl.window(Rdl.atom(Resources.of(2048, 2), 2, 2, 3, 6), 2, 30),
                0,
                0));
    PlanningRun local = PlanningRun.run(sc, Planners.byName("gree"), sc.sharingPolicy());
    Decision d = local.decisions().get(0);
    assertThat(d.accepted()).as("local plan: %s", d.rejection()).isTrue();

    long origin = nextSecond();
    YarnTranslation t =
        new YarnReservationTranslator(STEP_SECONDS, sc.horizonSteps())
            .translate(sc.reservations().get(0), origin, null);
    List<SubmitOutcome> out =
        new YarnSubmitter(writer, sc.horizonSteps())
            .submit(List.of(t), Map.of(d.reservationId(), d));
    SubmitOutcome o = out.get(0);
    assertThat(o.status()).as(o.message()).isEqualTo(SubmitOutcome.Status.ACCEPTED);
    assertThat(o.localDecision()).isEqualTo("accepted");
    ReservationComparison c = o.comparison();
    assertThat(c.yarnGranted()).isEqualTo(c.requested()).isEqualTo(c.localGranted());
    assertThat(c.yarnPeak()).isEqualTo(Resources.of(4096, 4));
    assertThat(c.yarnStart()).isGreaterThanOrEqualTo(2);
    assertThat(c.yarnEnd()).isLessThanOrEqualTo(30);
    writer.deleteReservation(o.yarnReservationId());
  }

  @Test
  void theCliReadsAndSubmitsAgainstRealYarn(@TempDir Path tmp) throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    var cl = RayonCli.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    assertThat(cl.execute("live", yarn.url, "--once", "--json", "--user", "rayon"))
        .as(err.toString())
        .isZero();
    JsonNode snap = Json.mapper().readTree(out.toString());
    assertThat(snap.get("nodes")).hasSize(2);
    assertThat(snap.get("reservationQueues").get(0).asText()).isEqualTo("dedicated");

    Path file = tmp.resolve("scenario.json");
    ScenarioIO.write(
        scenario(
            new ReservationRequest(
                "cli",
                "cli",
                "rayon",
                "dedicated",
                Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, 4, 3, 12), 1, 60),
                0,
                0)),
        file);
    StringWriter out2 = new StringWriter();
    cl.setOut(new PrintWriter(out2, true));
    int code =
        cl.execute(
            "yarn",
            "submit",
            file.toString(),
            "--url",
            yarn.url,
            "--user",
            "rayon",
            "--allow-write",
            "--json");
    assertThat(code).as(out2 + err.toString()).isZero();
    JsonNode oc = Json.mapper().readTree(out2.toString()).get("outcomes").get(0);
    assertThat(oc.get("status").asText()).isEqualTo("ACCEPTED");
    writer.deleteReservation(oc.get("yarnReservationId").asText());
  }

  /**
   * {@code rayon yarn export}, both ways, and the files submitted as they are: the pinned export is
   * held by YARN exactly as GREE planned it, the relaxed one (h below w/l) is accepted with its
   * work.
   */
  @Test
  void pinnedAndRelaxedExportsAreAcceptedAndThePinnedOneIsHeldExactlyAsPlanned(@TempDir Path tmp)
      throws Exception {
    Scenario sc =
        scenario(
            new ReservationRequest(
                "relaxed",
                "relaxed",
                "rayon",
                "dedicated",
                Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, 1, 3, 12), 1, 60),
                0,
                0),
            new ReservationRequest(
                "staged",
                "staged",
                "rayon",
                "dedicated",
                Rdl.window(
                    Rdl.order(
                        Rdl.atom(Resources.of(1024, 1), 2, 2, 3, 6),
                        Rdl.atom(Resources.of(2048, 1), 1, 1, 2, 2)),
                    2,
                    40),
                0,
                0));
    Path file = tmp.resolve("scenario.json");
    ScenarioIO.write(sc, file);
    long origin = nextSecond() + 10_000;
    long stepMs = STEP_SECONDS * 1000;
    Map<String, Decision> plan = new HashMap<>();
    for (Decision d : PlanningRun.run(sc, Planners.byName("gree"), sc.sharingPolicy()).decisions())
      plan.put(d.reservationId(), d);

    JsonNode pinned = export(file, tmp.resolve("pinned"), origin, "--pinned");
    assertThat(pinned.get("notExpressible")).isEmpty();
    assertThat(pinned.get("written")).hasSize(2);
    for (JsonNode w : pinned.get("written")) {
      String rid = w.get("reservationId").asText();
      YarnReservationDefinition def = submissionIn(w).definition();
      assertThat(def.interpreter()).isEqualTo(YarnInterpreter.R_ORDER_NO_GAP);
      String id = writer.newReservationId();
      writer.submitReservation(id, MiniYarn.PLAN_QUEUE, def);
      YarnReservation listed = reader.reservation(MiniYarn.PLAN_QUEUE, id);
      assertThat(listed).as("pinned %s listed back", rid).isNotNull();
      assertThat(listed.allocation(origin, stepMs, sc.horizonSteps()).skyline())
          .as("YARN's allocation of pinned %s", rid)
          .isEqualTo(plan.get(rid).allocation().skyline());
      writer.deleteReservation(id);
    }

    JsonNode relaxed = export(file, tmp.resolve("relaxed"), origin);
    assertThat(relaxed.get("notExpressible")).isEmpty();
    JsonNode w = relaxed.get("written").get(0);
    assertThat(w.get("reservationId").asText()).isEqualTo("relaxed");
    assertThat(w.get("warnings").get(0).asText()).contains("max parallelism h=1 relaxed to 4");
    YarnReservationDefinition def = submissionIn(w).definition();
    String id = writer.newReservationId();
    writer.submitReservation(id, MiniYarn.PLAN_QUEUE, def);
    YarnReservation listed = reader.reservation(MiniYarn.PLAN_QUEUE, id);
    assertThat(listed).isNotNull();
    // all 12 container-steps of the atom, inside the window
    assertThat(memoryMillis(listed)).isEqualTo(12L * 1024 * stepMs);
    var alloc = listed.allocation(origin, stepMs, sc.horizonSteps());
    assertThat(alloc.start()).isGreaterThanOrEqualTo(1);
    assertThat(alloc.end()).isLessThanOrEqualTo(60);
    writer.deleteReservation(id);
  }

  private static JsonNode export(Path scenario, Path dir, long origin, String... more)
      throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    var cl = RayonCli.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    List<String> args =
        new ArrayList<>(
            List.of(
                "yarn",
                "export",
                scenario.toString(),
                "--out",
                dir.toString(),
                "--start",
                Long.toString(origin),
                "--json"));
    args.addAll(List.of(more));
    assertThat(cl.execute(args.toArray(String[]::new))).as(out + err.toString()).isZero();
    return Json.mapper().readTree(out.toString());
  }

  private static YarnRequests.Submission submissionIn(JsonNode written) throws Exception {
    YarnRequests.Submission s =
        YarnRequests.parseSubmission(
            Json.mapper().readTree(Path.of(written.get("file").asText()).toFile()));
    assertThat(s.queue()).isEqualTo(MiniYarn.PLAN_QUEUE);
    return s;
  }

  static Scenario scenario(ReservationRequest... rs) {
    Cluster c =
        Cluster.of(
            "mini-yarn-plan",
            NodeGroup.of(
                "nm",
                2,
                Resources.of(MiniYarn.NM_MEMORY_MB * 8 / 10, MiniYarn.NM_VCORES * 8 / 10)));
    return new Scenario(
        Scenario.FORMAT_VERSION,
        "live-it",
        null,
        STEP_SECONDS,
        360,
        c,
        null,
        List.of("rayon"),
        null,
        List.of(rs),
        null,
        null);
  }

  @Test
  void anOrderedReservationKeepsItsStagesInOrder() throws Exception {
    long origin = nextSecond();
    var translator = new YarnReservationTranslator(STEP_SECONDS, 360);
    ReservationRequest local =
        new ReservationRequest(
            "pipeline",
            "pipeline",
            "rayon",
            "dedicated",
            Rdl.window(
                Rdl.order(
                    Rdl.atom(Resources.of(1024, 1), 2, 2, 3, 6),
                    Rdl.atom(Resources.of(3072, 1), 1, 1, 3, 3)),
                1,
                40),
            0,
            0);
    YarnTranslation t = translator.translate(local, origin, null);
    assertThat(t.definition().interpreter()).isEqualTo(YarnInterpreter.R_ORDER);
    String id = writer.newReservationId();
    writer.submitReservation(id, MiniYarn.PLAN_QUEUE, t.definition());
    YarnReservation r = reader.reservation(MiniYarn.PLAN_QUEUE, id);
    assertThat(r.definition().interpreter()).isEqualTo(YarnInterpreter.R_ORDER);
    // stage 1 holds a gang of 2 x <1024,1> = <2048,2>, stage 2 one <3072,1>: the first ends before
    // the second starts
    long lastOfFirst = Long.MIN_VALUE;
    long firstOfSecond = Long.MAX_VALUE;
    for (YarnAllocation a : r.allocations()) {
      if (a.resource().equals(Resources.of(2048, 2)))
        lastOfFirst = Math.max(lastOfFirst, a.endMs());
      if (a.resource().equals(Resources.of(3072, 1)))
        firstOfSecond = Math.min(firstOfSecond, a.startMs());
    }
    assertThat(lastOfFirst).isGreaterThan(Long.MIN_VALUE);
    assertThat(firstOfSecond).isLessThan(Long.MAX_VALUE);
    assertThat(lastOfFirst).isLessThanOrEqualTo(firstOfSecond);
    var stepAlloc = r.allocation(origin, STEP_SECONDS * 1000, 360);
    assertThat(stepAlloc.start()).isGreaterThanOrEqualTo(1);
    assertThat(stepAlloc.end()).isLessThanOrEqualTo(40);
    writer.deleteReservation(id);
  }

  @Test
  void yarnRejectsAGangLargerThanThePlanWithItsOwnReason() throws Exception {
    long origin = nextSecond();
    YarnReservationDefinition tooBig =
        new YarnReservationDefinition(
            "too-big",
            origin + 10_000,
            origin + 600_000,
            YarnInterpreter.R_ALL,
            List.of(new YarnStage(Resources.of(4096, 1), 4, 4, 60_000)),
            null,
            null);
    String id = writer.newReservationId();
    assertThatThrownBy(() -> writer.submitReservation(id, MiniYarn.PLAN_QUEUE, tooBig))
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(YarnRestException.Kind.HTTP_STATUS);
              assertThat(e.attempts()).isEqualTo(1);
              assertThat(e.getMessage())
                  .contains("POST /ws/v1/cluster/reservation/submit")
                  .contains("HTTP 400");
            });
  }

  @Test
  void readOnlyConnectionsSendNoWrites() {
    assertThatThrownBy(() -> reader.newReservationId())
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e -> assertThat(e.kind()).isEqualTo(YarnRestException.Kind.WRITE_NOT_ALLOWED));
  }

  private static long memoryMillis(YarnReservation r) {
    return r.resourceMillis().memoryMB();
  }

  private static long nextSecond() {
    return (System.currentTimeMillis() / 1000 + 1) * 1000;
  }

  private void dumpRawReply(String name, String ep) throws Exception {
    String dir = System.getProperty("rm.replies.dir");
    if (dir == null) return;
    HttpRequest req =
        HttpRequest.newBuilder(URI.create(yarn.url + "/ws/v1/cluster/" + ep + "&user.name=rayon"))
            .header("Accept", "application/json")
            .build();
    HttpResponse<String> resp =
        HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofString());
    Files.writeString(
        Files.createDirectories(Path.of(dir)).resolve(name + ".json"),
        resp.statusCode() + "\n" + resp.body());
  }

  /** Saves the RM's raw replies, so the app's unit tests can use the real shapes. */
  private void dumpRawReplies() throws Exception {
    String dir = System.getProperty("rm.replies.dir");
    if (dir == null) return;
    Path d = Files.createDirectories(Path.of(dir));
    HttpClient h = HttpClient.newHttpClient();
    for (String ep :
        List.of(
            "info",
            "metrics",
            "nodes",
            "apps",
            "scheduler",
            "reservation/list?queue=dedicated&include-resource-allocations=true")) {
      HttpRequest req =
          HttpRequest.newBuilder(
                  URI.create(
                      yarn.url
                          + "/ws/v1/cluster/"
                          + ep
                          + (ep.contains("?") ? "&" : "?")
                          + "user.name=rayon"))
              .header("Accept", "application/json")
              .build();
      HttpResponse<String> resp = h.send(req, HttpResponse.BodyHandlers.ofString());
      Files.writeString(
          d.resolve(ep.replaceAll("[^a-z]+", "-") + ".json"),
          resp.statusCode() + "\n" + resp.body());
    }
  }
}
