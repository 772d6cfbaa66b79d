package io.rayon.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.model.live.ClusterSnapshot;
import io.rayon.model.live.YarnInterpreter;
import io.rayon.model.live.YarnReservationDefinition;
import io.rayon.model.live.YarnStage;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.FakeRm;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client against a misbehaving ResourceManager on the loopback interface. */
class YarnRestClientFaultTest {
  FakeRm rm;
  final List<Duration> slept = new CopyOnWriteArrayList<>();
  final YarnRestClient.Sleeper recordingSleeper = slept::add;
  final Clock clock = Clock.fixed(Instant.parse("2026-11-22T16:00:00Z"), ZoneOffset.UTC);

  @BeforeEach
  void start() throws IOException {
    rm = new FakeRm();
  }

  @AfterEach
  void stop() {
    rm.close();
  }

  YarnConnection conn() {
    return YarnConnection.of(rm.url())
        .withUser("alice")
        .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(10))
        .withRetries(3, Duration.ofMillis(100), Duration.ofMillis(150));
  }

  YarnRestClient client(YarnConnection c) throws YarnRestException {
    return new YarnRestClient(c, clock, recordingSleeper);
  }

  @Test
  void readsRetryServerErrorsWithGrowingBackOffAndThenSucceed() throws Exception {
    rm.route(
        "/ws/v1/cluster/metrics",
        FakeRm.failFirst(2, 503, FakeRm.json(FakeRm.golden("metrics.json"))));
    var m = client(conn()).metrics();
    assertThat(m.activeNodes()).isEqualTo(2);
    assertThat(rm.count("/ws/v1/cluster/metrics")).isEqualTo(3);
    assertThat(slept).containsExactly(Duration.ofMillis(100), Duration.ofMillis(150));
  }

  @Test
  void readRetriesAreBoundedAndTheErrorNamesEndpointStatusAndBody() throws Exception {
    rm.route(
        "/ws/v1/cluster/nodes",
        FakeRm.status(
            500,
            "{\"RemoteException\":{\"exception\":\"WebApplicationException\","
                + "\"message\":\"java.lang.NullPointerException in getNodes\"}}"));
    assertThatThrownBy(() -> client(conn()).nodes())
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(YarnRestException.Kind.HTTP_STATUS);
              assertThat(e.status()).isEqualTo(500);
              assertThat(e.attempts()).isEqualTo(3);
              assertThat(e.getMessage())
                  .startsWith("GET /ws/v1/cluster/nodes: HTTP 500 Internal Server Error")
                  .contains("NullPointerException in getNodes")
                  .endsWith("(after 3 attempts)");
            });
    assertThat(rm.count("/ws/v1/cluster/nodes")).isEqualTo(3);
  }

  @Test
  void clientErrorsAreNotRetried() throws Exception {
    rm.route(
        "/ws/v1/cluster/reservation/list",
        FakeRm.status(
            400,
            "{\"RemoteException\":{\"exception\":\"BadRequestException\","
                + "\"message\":\"The specified queue: default is not managed by reservation system.\"}}"));
    assertThatThrownBy(() -> client(conn()).listReservations("default"))
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.getMessage()).contains("not managed by reservation system");
            });
    assertThat(rm.count("/ws/v1/cluster/reservation/list")).isEqualTo(1);
    assertThat(slept).isEmpty();
  }

  @Test
  void aSlowServerIsReportedAsATimeoutAfterBoundedAttempts() throws Exception {
    rm.route("/ws/v1/cluster/info", rm.hang());
    YarnConnection impatient =
        conn()
            .withTimeouts(Duration.ofSeconds(5), Duration.ofMillis(400))
            .withRetries(2, Duration.ofMillis(10), Duration.ofMillis(10));
    assertThatThrownBy(() -> client(impatient).clusterInfo())
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(YarnRestException.Kind.TIMEOUT);
              assertThat(e.getMessage())
                  .contains("GET /ws/v1/cluster/info")
                  .contains("no answer within 400 ms");
              assertThat(e.attempts()).isEqualTo(2);
            });
  }

  @Test
  void malformedJsonNamesTheEndpointAndWhereItBroke() throws Exception {
    rm.route("/ws/v1/cluster/metrics", FakeRm.json("{\"clusterMetrics\":{\"totalMB\": 8192,, }}"));
    assertThatThrownBy(() -> client(conn()).metrics())
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(YarnRestException.Kind.MALFORMED_REPLY);
              assertThat(e.getMessage())
                  .startsWith("GET /ws/v1/cluster/metrics: malformed JSON")
                  .contains("line 1, column");
            });
    assertThat(rm.count("/ws/v1/cluster/metrics")).isEqualTo(1);
  }

  @Test
  void jsonThatEndsEarlyIsReportedAsTruncated() throws Exception {
    rm.route("/ws/v1/cluster/nodes", FakeRm.json("{\"nodes\":{\"node\":[{\"id\":\"n1\""));
    assertThatThrownBy(() -> client(conn()).nodes())
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e ->
                assertThat(e.getMessage()).contains("ends in the middle of the JSON (truncated?)"));
  }

  @Test
  void aReplyCutOffBeforeItsDeclaredLengthIsAConnectionFailureAndIsRetried() throws Exception {
    rm.route("/ws/v1/cluster/info", FakeRm.cutOff(FakeRm.golden("info.json")));
    assertThatThrownBy(() -> client(conn()).clusterInfo())
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(YarnRestException.Kind.CONNECTION);
              assertThat(e.getMessage())
                  .contains("GET /ws/v1/cluster/info")
                  .contains("broke before the reply was complete");
              assertThat(e.attempts()).isEqualTo(3);
            });
  }

  @Test
  void aDroppedConnectionIsReportedClearly() throws Exception {
    AtomicInteger accepted = new AtomicInteger();
    try (ServerSocket ss = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
      Thread t =
          new Thread(
              () -> {
                while (!ss.isClosed()) {
                  try (Socket s = ss.accept()) {
                    accepted.incrementAndGet();
                    InputStream in = s.getInputStream();
                    in.read(new byte[256]);
                  } catch (IOException e) {
                    return;
                  }
                }
              },
              "dropping-server");
      t.setDaemon(true);
      t.start();
      YarnConnection c =
          YarnConnection.of("http://127.0.0.1:" + ss.getLocalPort())
              .withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(2))
              .withRetries(2, Duration.ofMillis(5), Duration.ofMillis(5));
      assertThatThrownBy(() -> client(c).metrics())
          .isInstanceOfSatisfying(
              YarnRestException.class,
              e -> {
                assertThat(e.kind()).isEqualTo(YarnRestException.Kind.CONNECTION);
                assertThat(e.getMessage())
                    .startsWith("GET /ws/v1/cluster/metrics: ")
                    .endsWith("(after 2 attempts)");
              });
    }
    // java.net.http itself repeats an idempotent GET once when the connection closes before any
    // reply; our own retries are the bounded ones: two attempts, at most two connections each.
    assertThat(accepted.get()).isBetween(2, 4);
  }

  @Test
  void aWriteWhoseConnectionDropsIsSentExactlyOnce() throws Exception {
    AtomicInteger accepted = new AtomicInteger();
    try (ServerSocket ss = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
      Thread t =
          new Thread(
              () -> {
                while (!ss.isClosed()) {
                  try (Socket s = ss.accept()) {
                    accepted.incrementAndGet();
                    s.getInputStream().read(new byte[4096]);
                  } catch (IOException e) {
                    return;
                  }
                }
              },
              "dropping-server");
      t.setDaemon(true);
      t.start();
      YarnConnection c =
          YarnConnection.of("http://127.0.0.1:" + ss.getLocalPort())
              .withAllowWrite(true)
              .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(5));
      assertThatThrownBy(() -> client(c).submitReservation("reservation_1_0001", "dedicated", DEF))
          .isInstanceOfSatisfying(
              YarnRestException.class,
              e -> {
                assertThat(e.kind()).isEqualTo(YarnRestException.Kind.CONNECTION);
                assertThat(e.attempts()).isEqualTo(1);
              });
    }
    assertThat(accepted.get()).isEqualTo(1);
    assertThat(slept).isEmpty();
  }

  @Test
  void aRefusedConnectionSaysSoAndSuggestsChecking() throws Exception {
    int port;
    try (ServerSocket ss = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = ss.getLocalPort();
    }
    YarnConnection c =
        YarnConnection.of("127.0.0.1:" + port)
            .withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1));
    assertThatThrownBy(() -> client(c).clusterInfo())
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(YarnRestException.Kind.CONNECTION);
              assertThat(e.getMessage())
                  .contains("cannot connect to http://127.0.0.1:" + port)
                  .contains("Is the ResourceManager running");
            });
  }

  static final YarnReservationDefinition DEF =
      new YarnReservationDefinition(
          "etl",
          1_000_000,
          2_000_000,
          YarnInterpreter.R_ALL,
          List.of(new YarnStage(Resources.of(1024, 1), 2, 1, 60_000)),
          null,
          null);

  @Test
  void writesAreNeverRetried() throws Exception {
    rm.route("/ws/v1/cluster/reservation/submit", FakeRm.status(503, ""));
    assertThatThrownBy(
            () ->
                client(conn().withAllowWrite(true))
                    .submitReservation("reservation_1_0001", "dedicated", DEF))
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e -> {
              assertThat(e.status()).isEqualTo(503);
              assertThat(e.attempts()).isEqualTo(1);
              assertThat(e.getMessage())
                  .contains("POST /ws/v1/cluster/reservation/submit: HTTP 503")
                  .contains("(empty body)");
            });
    assertThat(rm.count("/ws/v1/cluster/reservation/submit")).isEqualTo(1);
    assertThat(slept).isEmpty();
  }

  @Test
  void aWriteThatTimesOutIsNotRepeated() throws Exception {
    rm.route("/ws/v1/cluster/reservation/delete", rm.hang());
    YarnConnection impatient =
        conn().withTimeouts(Duration.ofSeconds(5), Duration.ofMillis(400)).withAllowWrite(true);
    assertThatThrownBy(() -> client(impatient).deleteReservation("reservation_1_0001"))
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e -> assertThat(e.kind()).isEqualTo(YarnRestException.Kind.TIMEOUT));
    assertThat(rm.count("/ws/v1/cluster/reservation/delete")).isEqualTo(1);
  }

  @Test
  void aReadOnlyConnectionSendsNothingForAWrite() throws Exception {
    assertThatThrownBy(
            () -> client(conn()).submitReservation("reservation_1_0001", "dedicated", DEF))
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(YarnRestException.Kind.WRITE_NOT_ALLOWED);
              assertThat(e.getMessage()).contains("read-only").contains("--allow-write");
            });
    assertThat(rm.requests).isEmpty();
  }

  @Test
  void submitAccepts202WithAnEmptyBodyAndSendsUserAndJson() throws Exception {
    rm.route(
        "/ws/v1/cluster/reservation/new-reservation",
        FakeRm.json("{\"reservation-id\":\"reservation_1_0001\"}"));
    rm.route("/ws/v1/cluster/reservation/submit", FakeRm.status(202, ""));
    YarnRestClient w = client(conn().withAllowWrite(true));
    String id = w.newReservationId();
    w.submitReservation(id, "dedicated", DEF);
    var req = rm.requestsTo("/ws/v1/cluster/reservation/submit").get(0);
    assertThat(req.method()).isEqualTo("POST");
    assertThat(req.query()).isEqualTo("user.name=alice");
    assertThat(req.body())
        .contains("\"reservation-id\":\"reservation_1_0001\"")
        .contains("\"queue\":\"dedicated\"")
        .contains("\"num-containers\":2")
        .contains("\"reservation-request-interpreter\":1");
    assertThat(req.headers().get("Content-type")).containsExactly("application/json");
  }

  @Test
  void gatewayCredentialsGoInTheAuthorizationHeaderAndNeverIntoToString() throws Exception {
    YarnConnection c = conn().withAuth(YarnAuth.basic("gw", "s3cret".toCharArray()));
    client(c).clusterInfo();
    assertThat(rm.requests.get(0).headers().get("Authorization"))
        .containsExactly("Basic Z3c6czNjcmV0");
    assertThat(c.toString()).doesNotContain("s3cret");
    YarnConnection b = conn().withAuth(YarnAuth.bearer("tok-123".toCharArray()));
    client(b).clusterInfo();
    assertThat(rm.requests.get(1).headers().get("Authorization")).containsExactly("Bearer tok-123");
    assertThat(b.toString()).doesNotContain("tok-123");
  }

  @Test
  void aSessionMarksDataStaleWhenTheServerStopsAnsweringAndKeepsTheLastSnapshot() throws Exception {
    Instant[] now = {Instant.parse("2026-11-22T16:00:00Z")};
    Clock moving =
        new Clock() {
          @Override
          public ZoneId getZone() {
            return ZoneOffset.UTC;
          }

          @Override
          public Clock withZone(ZoneId z) {
            return this;
          }

          @Override
          public Instant instant() {
            return now[0];
          }
        };
    YarnRestClient c =
        new YarnRestClient(
            conn().withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1)),
            moving,
            recordingSleeper);
    LiveSession session = new LiveSession(() -> c.snapshot(List.of()), moving);

    LiveSession.State first = session.poll();
    assertThat(first.isStale()).isFalse();
    ClusterSnapshot good = first.snapshot();
    assertThat(good.nodes()).hasSize(2);

    rm.route("/ws/v1/cluster/metrics", FakeRm.status(502, "bad gateway"));
    now[0] = now[0].plusSeconds(5);
    LiveSession.State second = session.poll();
    now[0] = now[0].plusSeconds(5);
    LiveSession.State third = session.poll();
    assertThat(third.isStale()).isTrue();
    assertThat(third.staleSince()).isEqualTo(Instant.parse("2026-11-22T16:00:05Z"));
    assertThat(third.snapshot()).isSameAs(good);
    assertThat(third.lastError()).contains("GET /ws/v1/cluster/metrics: HTTP 502");
    assertThat(second.failures()).isEqualTo(1);
    assertThat(third.failures()).isEqualTo(2);

    rm.route("/ws/v1/cluster/metrics", FakeRm.json(FakeRm.golden("metrics.json")));
    now[0] = now[0].plusSeconds(5);
    LiveSession.State back = session.poll();
    assertThat(back.isStale()).isFalse();
    assertThat(back.lastSuccess()).isEqualTo(Instant.parse("2026-11-22T16:00:15Z"));
    assertThat(back.snapshot()).isNotSameAs(good);
  }

  @Test
  void aMissingTrustStoreIsASetupErrorNamingTheFile() {
    YarnConnection c =
        YarnConnection.of("https://127.0.0.1:1").withTrustStore(Path.of("no/such/store.p12"), null);
    assertThatThrownBy(() -> client(c))
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(YarnRestException.Kind.SETUP);
              assertThat(e.getMessage()).contains("store.p12").contains("no such file");
            });
  }
}
