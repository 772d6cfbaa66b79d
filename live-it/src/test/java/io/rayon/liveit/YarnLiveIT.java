package io.rayon.liveit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.app.live.YarnConnection;
import io.rayon.app.live.YarnReservationTranslator;
import io.rayon.app.live.YarnRestClient;
import io.rayon.app.live.YarnRestException;
import io.rayon.app.live.YarnTranslation;
import io.rayon.model.live.ClusterSnapshot;
import io.rayon.model.live.NodeReport;
import io.rayon.model.live.QueueReport;
import io.rayon.model.live.YarnAllocation;
import io.rayon.model.live.YarnInterpreter;
import io.rayon.model.live.YarnReservation;
import io.rayon.model.live.YarnReservationDefinition;
import io.rayon.model.live.YarnStage;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

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
    YarnConnection c = YarnConnection.of(yarn.url).withUser("rayon").withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(20));
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
    assertThat(m.total()).isEqualTo(Resources.of(2L * MiniYarn.NM_MEMORY_MB, 2L * MiniYarn.NM_VCORES));

    List<NodeReport> nodes = reader.nodes();
    assertThat(nodes).hasSize(2);
    assertThat(nodes).allSatisfy(n -> {
      assertThat(n.capacity()).isEqualTo(Resources.of(MiniYarn.NM_MEMORY_MB, MiniYarn.NM_VCORES));
      assertThat(n.isRunning()).isTrue();
    });

    assertThat(reader.apps()).isEmpty();

    QueueReport root = reader.queues();
    assertThat(root.name()).isEqualTo("root");
    QueueReport dedicated = root.children().stream().filter(q -> q.name().equals("dedicated")).findFirst().orElseThrow();
    assertThat(dedicated.capacity()).isCloseTo(0.8, org.assertj.core.data.Offset.offset(1e-6));
    assertThat(YarnRestClient.planQueues(root)).containsExactly(MiniYarn.PLAN_QUEUE);
    assertThat(reader.schedulerType()).isEqualTo("capacityScheduler");

    ClusterSnapshot snap = reader.snapshot(List.of());
    assertThat(snap.reservationQueues()).containsExactly(MiniYarn.PLAN_QUEUE);
    assertThat(snap.warnings()).isEmpty();
    assertThat(snap.nodes()).hasSize(2);
  }

  @Test
  void aLocallyPlannedReservationIsAcceptedWithTheExpectedResourcesThenUpdatedAndDeleted() throws Exception {
    assertThat(yarn.planMemoryMB()).isPositive();
    long origin = nextSecond();
    var translator = new YarnReservationTranslator(STEP_SECONDS, 360);
    // 2 containers of <1024 MB, 1 vcore> for 6 steps (60 s) each, somewhere in [1, 31).
    ReservationRequest local = new ReservationRequest("etl", "etl", "rayon", "dedicated",
        Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, 2, 6, 12), 1, 31), 0, 0);
    YarnTranslation t = translator.translate(local, origin, MiniYarn.PLAN_QUEUE);
    assertThat(t.problems()).isEmpty();
    YarnReservationDefinition def = t.definition();
    assertThat(def.stages()).containsExactly(new YarnStage(Resources.of(1024, 1), 2, 1, 60_000));

    String id = writer.newReservationId();
    assertThat(id).startsWith("reservation_");
    writer.submitReservation(id, MiniYarn.PLAN_QUEUE, def);

    dumpRawReply("reservation-list-one", "reservation/list?queue=dedicated&include-resource-allocations=true");
    YarnReservation listed = reader.reservation(MiniYarn.PLAN_QUEUE, id);
    assertThat(listed).as("reservation %s listed back", id).isNotNull();
    assertThat(listed.definition().stages()).containsExactly(def.stages().get(0));
    assertThat(listed.definition().arrival()).isEqualTo(def.arrival());
    assertThat(listed.definition().deadline()).isEqualTo(def.deadline());
    // YARN's plan holds exactly the requested container-time, inside the window, in whole containers.
    assertThat(memoryMillis(listed)).isEqualTo(2L * 1024 * 60_000);
    for (YarnAllocation a : listed.allocations()) {
      if (a.resource().isZero()) continue;
      assertThat(a.startMs()).isGreaterThanOrEqualTo(def.arrival());
      assertThat(a.endMs()).isLessThanOrEqualTo(def.deadline());
      assertThat(a.resource().memoryMB() % 1024).isZero();
    }
    var alloc = listed.allocation(origin, STEP_SECONDS * 1000, 360);
    assertThat(alloc.atoms()).singleElement().satisfies(a -> assertThat(a.bundle()).isEqualTo(Resources.of(1024, 1)));
    assertThat(alloc.work()).isEqualTo(12);

    // Update: three containers instead of two.
    YarnTranslation bigger = translator.translate(local.withRdl(Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, 3, 6, 18), 1, 31)),
        origin, MiniYarn.PLAN_QUEUE);
    writer.updateReservation(id, bigger.definition());
    YarnReservation updated = reader.reservation(MiniYarn.PLAN_QUEUE, id);
    assertThat(updated.definition().stages().get(0).numContainers()).isEqualTo(3);
    assertThat(memoryMillis(updated)).isEqualTo(3L * 1024 * 60_000);

    writer.deleteReservation(id);
    assertThat(reader.listReservations(MiniYarn.PLAN_QUEUE)).noneMatch(r -> r.id().equals(id));
  }

  @Test
  void anOrderedReservationKeepsItsStagesInOrder() throws Exception {
    long origin = nextSecond();
    var translator = new YarnReservationTranslator(STEP_SECONDS, 360);
    ReservationRequest local = new ReservationRequest("pipeline", "pipeline", "rayon", "dedicated",
        Rdl.window(Rdl.order(Rdl.atom(Resources.of(1024, 1), 2, 2, 3, 6), Rdl.atom(Resources.of(2048, 2), 1, 1, 3, 3)), 1, 40),
        0, 0);
    YarnTranslation t = translator.translate(local, origin, null);
    assertThat(t.definition().interpreter()).isEqualTo(YarnInterpreter.R_ORDER);
    String id = writer.newReservationId();
    writer.submitReservation(id, MiniYarn.PLAN_QUEUE, t.definition());
    YarnReservation r = reader.reservation(MiniYarn.PLAN_QUEUE, id);
    assertThat(r.definition().interpreter()).isEqualTo(YarnInterpreter.R_ORDER);
    long lastSmall = Long.MIN_VALUE;
    long firstBig = Long.MAX_VALUE;
    for (YarnAllocation a : r.allocations()) {
      if (a.resource().memoryMB() == 2048) firstBig = Math.min(firstBig, a.startMs());
      if (a.resource().memoryMB() == 2 * 1024) continue;
    }
    var stepAlloc = r.allocation(origin, STEP_SECONDS * 1000, 360);
    assertThat(stepAlloc.start()).isGreaterThanOrEqualTo(1);
    assertThat(stepAlloc.end()).isLessThanOrEqualTo(40);
    writer.deleteReservation(id);
  }

  @Test
  void yarnRejectsAGangLargerThanThePlanWithItsOwnReason() throws Exception {
    long origin = nextSecond();
    YarnReservationDefinition tooBig = new YarnReservationDefinition("too-big", origin + 10_000, origin + 600_000,
        YarnInterpreter.R_ALL, List.of(new YarnStage(Resources.of(4096, 1), 4, 4, 60_000)), null, null);
    String id = writer.newReservationId();
    assertThatThrownBy(() -> writer.submitReservation(id, MiniYarn.PLAN_QUEUE, tooBig))
        .isInstanceOfSatisfying(YarnRestException.class, e -> {
          assertThat(e.kind()).isEqualTo(YarnRestException.Kind.HTTP_STATUS);
          assertThat(e.attempts()).isEqualTo(1);
          assertThat(e.getMessage()).contains("POST /ws/v1/cluster/reservation/submit").contains("HTTP 400");
        });
  }

  @Test
  void readOnlyConnectionsSendNoWrites() {
    assertThatThrownBy(() -> reader.newReservationId())
        .isInstanceOfSatisfying(YarnRestException.class,
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
    HttpRequest req = HttpRequest.newBuilder(URI.create(yarn.url + "/ws/v1/cluster/" + ep + "&user.name=rayon"))
        .header("Accept", "application/json").build();
    HttpResponse<String> resp = HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofString());
    Files.writeString(Files.createDirectories(Path.of(dir)).resolve(name + ".json"), resp.statusCode() + "\n" + resp.body());
  }

  /** Saves the RM's raw replies, so the app's unit tests can use the real shapes. */
  private void dumpRawReplies() throws Exception {
    String dir = System.getProperty("rm.replies.dir");
    if (dir == null) return;
    Path d = Files.createDirectories(Path.of(dir));
    HttpClient h = HttpClient.newHttpClient();
    for (String ep : List.of("info", "metrics", "nodes", "apps", "scheduler", "reservation/list?queue=dedicated&include-resource-allocations=true")) {
      HttpRequest req = HttpRequest.newBuilder(URI.create(yarn.url + "/ws/v1/cluster/" + ep + (ep.contains("?") ? "&" : "?") + "user.name=rayon"))
          .header("Accept", "application/json").build();
      HttpResponse<String> resp = h.send(req, HttpResponse.BodyHandlers.ofString());
      Files.writeString(d.resolve(ep.replaceAll("[^a-z]+", "-") + ".json"), resp.statusCode() + "\n" + resp.body());
    }
  }
}
