package io.rayon.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.testsupport.FakeRm;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The client against a ResourceManager that is hostile rather than broken: redirects elsewhere,
 * replies that never end or drip, replies that are not JSON, replies that echo the secret.
 */
class YarnRestClientHostileTest {
  static final String TOKEN = "S3CR3T-tok-4711";
  FakeRm rm;
  FakeRm other;
  final List<String> notices = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws IOException {
    rm = new FakeRm();
    other = new FakeRm();
  }

  @AfterEach
  void stop() {
    rm.close();
    other.close();
  }

  YarnConnection conn() {
    return YarnConnection.of(rm.url())
        .withUser("alice")
        .withAuth(YarnAuth.bearer(TOKEN.toCharArray()))
        .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(10))
        .withRetries(3, Duration.ofMillis(1), Duration.ofMillis(1));
  }

  YarnRestClient client(YarnConnection c) throws YarnRestException {
    YarnRestClient cl =
        new YarnRestClient(
            c, Clock.fixed(Instant.parse("2026-11-22T16:00:00Z"), ZoneOffset.UTC), d -> {});
    cl.onNotice(notices::add);
    return cl;
  }

  static List<String> auth(FakeRm.Request r) {
    return r.headers().getOrDefault("Authorization", List.of());
  }

  YarnRestException failure(ThrowingCall call) {
    try {
      call.run();
    } catch (YarnRestException e) {
      assertThat(e.getMessage()).doesNotContain(TOKEN).doesNotContain("\n").doesNotContain("\r");
      return e;
    } catch (Exception e) {
      throw new AssertionError("expected a YarnRestException, got " + e, e);
    }
    throw new AssertionError("expected a failure");
  }

  @FunctionalInterface
  interface ThrowingCall {
    void run() throws Exception;
  }

  // ------------------------------------------------------------ redirects

  @Test
  void aRedirectToAnotherPortIsNotFollowedAndTheOtherServerGetsNothing() throws Exception {
    rm.route("/ws/v1/cluster/info", FakeRm.redirect(302, other.url() + "/ws/v1/cluster/info"));
    YarnRestException e = failure(() -> client(conn()).clusterInfo());
    assertThat(e.kind()).isEqualTo(YarnRestException.Kind.REDIRECT);
    assertThat(e.status()).isEqualTo(302);
    assertThat(e.getMessage())
        .startsWith(
            "GET /ws/v1/cluster/info: HTTP 302 Found to "
                + other.url()
                + ", another server than "
                + rm.url()
                + "; not followed");
    assertThat(other.requests).isEmpty();
    // not retried: the same server would redirect again
    assertThat(rm.requests)
        .singleElement()
        .satisfies(r -> assertThat(auth(r)).containsExactly("Bearer " + TOKEN));
  }

  @Test
  void aRedirectToAnotherHostOrSchemeOnTheSamePortIsNotFollowed() throws Exception {
    int port = Integer.parseInt(rm.url().substring(rm.url().lastIndexOf(':') + 1));
    rm.route(
        "/ws/v1/cluster/info",
        FakeRm.redirect(301, "http://localhost:" + port + "/ws/v1/cluster/info"));
    rm.route(
        "/ws/v1/cluster/metrics",
        FakeRm.redirect(307, "https://127.0.0.1:" + port + "/ws/v1/cluster/metrics"));
    YarnRestException host = failure(() -> client(conn()).clusterInfo());
    assertThat(host.getMessage())
        .contains("HTTP 301 Moved Permanently to http://localhost:" + port + ", another server");
    YarnRestException scheme = failure(() -> client(conn()).metrics());
    assertThat(scheme.getMessage())
        .contains("HTTP 307 Temporary Redirect to https://127.0.0.1:" + port + ", another server");
    assertThat(rm.requests).hasSize(2);
  }

  @Test
  void aSameOriginRedirectIsFollowedWithTheCredentialsAndReported() throws Exception {
    rm.route("/ws/v1/cluster/metrics", FakeRm.redirect(302, "/ws/v1/cluster/metrics-moved?x=1"));
    rm.route("/ws/v1/cluster/metrics-moved", FakeRm.json(FakeRm.golden("metrics.json")));
    assertThat(client(conn()).metrics().activeNodes()).isEqualTo(2);
    assertThat(rm.requestsTo("/ws/v1/cluster/metrics-moved"))
        .singleElement()
        .satisfies(r -> assertThat(auth(r)).containsExactly("Bearer " + TOKEN));
    assertThat(notices)
        .singleElement()
        .asString()
        .contains(
            "GET /ws/v1/cluster/metrics: followed a redirect (HTTP 302 Found) to /ws/v1/cluster/metrics-moved");
  }

  @Test
  void aRedirectLoopEnds() throws Exception {
    rm.route("/ws/v1/cluster/info", FakeRm.redirect(307, "/ws/v1/cluster/info"));
    YarnRestException e = failure(() -> client(conn()).clusterInfo());
    assertThat(e.getMessage()).contains("more than " + YarnRestClient.MAX_REDIRECTS + " redirects");
    assertThat(rm.count("/ws/v1/cluster/info")).isEqualTo(YarnRestClient.MAX_REDIRECTS + 1);
  }

  @Test
  void aPostAnsweredWithAFoundRedirectIsNeverResentAsAGet() throws Exception {
    rm.route(
        "/ws/v1/cluster/reservation/new-reservation",
        FakeRm.redirect(302, "/ws/v1/cluster/reservation/elsewhere"));
    rm.route(
        "/ws/v1/cluster/reservation/elsewhere",
        FakeRm.json("{\"reservation-id\":\"reservation_1_0001\"}"));
    YarnRestException e = failure(() -> client(conn().withAllowWrite(true)).newReservationId());
    assertThat(e.kind()).isEqualTo(YarnRestException.Kind.REDIRECT);
    assertThat(e.getMessage())
        .startsWith(
            "POST /ws/v1/cluster/reservation/new-reservation: HTTP 302 Found to"
                + " /ws/v1/cluster/reservation/elsewhere in answer to a POST; not followed (a POST is never resent as a GET)");
    assertThat(rm.requests)
        .singleElement()
        .satisfies(r -> assertThat(r.method()).isEqualTo("POST"));
  }

  @Test
  void aPostAnsweredWithA307IsResentAsTheSamePostOnTheSameServer() throws Exception {
    rm.route(
        "/ws/v1/cluster/reservation/submit",
        FakeRm.redirect(307, "/ws/v1/cluster/reservation/submit-here"));
    rm.route("/ws/v1/cluster/reservation/submit-here", FakeRm.status(202, ""));
    client(conn().withAllowWrite(true))
        .submitReservation("reservation_1_0001", "dedicated", YarnRestClientFaultTest.DEF);
    List<FakeRm.Request> rs = rm.requests;
    assertThat(rs).hasSize(2);
    assertThat(rs.get(1).method()).isEqualTo("POST");
    assertThat(rs.get(1).path()).isEqualTo("/ws/v1/cluster/reservation/submit-here");
    assertThat(rs.get(1).body()).isEqualTo(rs.get(0).body()).contains("reservation_1_0001");
  }

  @Test
  void theOriginRuleComparesSchemeHostAndEffectivePort() {
    URI base = URI.create("http://rm.example:80");
    assertThat(YarnRestClient.sameOrigin(base, URI.create("http://RM.example/x"))).isTrue();
    assertThat(YarnRestClient.sameOrigin(base, URI.create("http://rm.example:8088/x"))).isFalse();
    assertThat(YarnRestClient.sameOrigin(base, URI.create("https://rm.example:80/x"))).isFalse();
    assertThat(YarnRestClient.sameOrigin(base, URI.create("http://evil@rm.example/x"))).isFalse();
    assertThat(YarnRestClient.sameOrigin(base, URI.create("mailto:x@rm.example"))).isFalse();
  }

  // ------------------------------------------------------------ bodies

  @Test
  void aBodyDrippingOneBytePerSecondEndsAtTheDeadlineAndTheConnectionIsClosed() throws Exception {
    FakeRm.Flood drip = rm.drip(FakeRm.golden("info.json"), Duration.ofSeconds(1));
    rm.route("/ws/v1/cluster/info", drip);
    YarnConnection c =
        conn()
            .withTimeouts(Duration.ofSeconds(1), Duration.ofMillis(1500))
            .withRetries(1, null, null);
    YarnRestException e = failure(() -> client(c).clusterInfo());
    assertThat(e.kind()).isEqualTo(YarnRestException.Kind.TIMEOUT);
    assertThat(e.getMessage())
        .startsWith("GET /ws/v1/cluster/info: the reply did not arrive completely within 1500 ms (")
        .contains("bytes of the body received); the connection was closed");
    // the client hung up: the server's next byte fails (it would otherwise drip for minutes)
    assertThat(drip.clientGone.await(20, TimeUnit.SECONDS)).isTrue();
    assertThat(drip.written.get()).isLessThan(FakeRm.golden("info.json").length());
  }

  @Test
  void anEndlessChunkedBodyStopsAtTheLimitAndTheClientStopsReading() throws Exception {
    long size = 300L << 20;
    FakeRm.Flood flood = rm.huge(size, false);
    rm.route("/ws/v1/cluster/nodes", flood);
    YarnRestException e = failure(() -> client(conn().withMaxBody(1 << 20)).nodes());
    assertThat(e.kind()).isEqualTo(YarnRestException.Kind.TOO_LARGE);
    assertThat(e.getMessage())
        .startsWith(
            "GET /ws/v1/cluster/nodes: the reply is larger than the limit of 1 MiB;"
                + " reading stopped after")
        .contains("raise the limit (--max-body)");
    assertThat(e.attempts()).isEqualTo(1);
    assertThat(flood.clientGone.await(20, TimeUnit.SECONDS)).isTrue();
    // socket buffers hold a few MB at most: the selector thread did not go on reading the 300 MB
    assertThat(flood.written.get()).isLessThan(size / 4);
  }

  @Test
  void anAnnouncedLengthAboveTheLimitIsRefusedBeforeReading() throws Exception {
    FakeRm.Flood flood = rm.huge(300L << 20, true);
    rm.route("/ws/v1/cluster/nodes", flood);
    YarnRestException e = failure(() -> client(conn().withMaxBody(1 << 20)).nodes());
    assertThat(e.getMessage())
        .contains(
            "larger than the limit of 1 MiB (it announced 314572800 bytes); nothing was read");
    assertThat(flood.clientGone.await(20, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void tinyValuesCannotExhaustTheHeapWithinTheByteLimit() throws Exception {
    // 1 MiB of "{}," is 350,000 objects: about 35 times the bytes as a tree
    rm.route("/ws/v1/cluster/nodes", FakeRm.json("[" + "{},".repeat(349_000) + "{}]"));
    YarnRestException e = failure(() -> client(conn().withMaxBody(1 << 20)).nodes());
    assertThat(e.kind()).isEqualTo(YarnRestException.Kind.TOO_LARGE);
    assertThat(e.getMessage())
        .contains("the reply holds more JSON values than a reply within the limit of 1 MiB may");
    // real replies (Hadoop 3.4.1's, the largest 27 KB) are far from it
    rm.route("/ws/v1/cluster/nodes", FakeRm.json(FakeRm.golden("nodes.json")));
    assertThat(client(conn().withMaxBody(32 << 10)).snapshot(List.of()).nodes()).hasSize(2);
  }

  @Test
  void aLargeBodyUnderTheLimitIsParsedWhileItStreams() throws Exception {
    rm.route("/ws/v1/cluster/nodes", rm.huge(3L << 20, false));
    JsonNode n = client(conn().withMaxBody(4 << 20)).get("/nodes");
    assertThat(n.get("nodes").get("node").size()).isGreaterThan(50_000);
    assertThat(n.get("nodes").get("node").get(1000).get("id").asText())
        .startsWith("node-00000.rack-00");
  }

  @Test
  void aLoginPageInsteadOfJsonIsNamedAsSuch() throws Exception {
    rm.route(
        "/ws/v1/cluster/info",
        FakeRm.typed(200, "text/html; charset=utf-8", "<html><body>Sign in</body></html>"));
    YarnRestException e = failure(() -> client(conn()).clusterInfo());
    assertThat(e.kind()).isEqualTo(YarnRestException.Kind.MALFORMED_REPLY);
    assertThat(e.getMessage())
        .isEqualTo(
            "GET /ws/v1/cluster/info: the reply is text/html; charset=utf-8, not JSON"
                + " (a login page or a proxy's page? check the address); reply starts with: <html><body>Sign in</body></html>");
  }

  @Test
  void jsonWithoutAContentTypeIsAccepted() throws Exception {
    rm.route("/ws/v1/cluster/metrics", FakeRm.typed(200, null, FakeRm.golden("metrics.json")));
    assertThat(client(conn()).metrics().activeNodes()).isEqualTo(2);
  }

  @Test
  void deepNestingAndTrailingDataAreMalformed() throws Exception {
    rm.route("/ws/v1/cluster/info", FakeRm.json("[".repeat(5000) + "]".repeat(5000)));
    rm.route("/ws/v1/cluster/metrics", FakeRm.json("{\"clusterMetrics\":{}} {\"more\":1}"));
    assertThat(failure(() -> client(conn()).clusterInfo()).getMessage())
        .contains("malformed JSON")
        .contains("nesting depth");
    assertThat(failure(() -> client(conn()).metrics()).getMessage())
        .contains("more data after the end of the JSON value");
  }

  @Test
  void terminalEscapesInAnErrorBodyAreNotPrinted() throws Exception {
    rm.route(
        "/ws/v1/cluster/info",
        FakeRm.status(404, "\u001b[2J\u001b]0;owned\u0007 gone\r\nreally\u202e"));
    YarnRestException e = failure(() -> client(conn()).clusterInfo());
    assertThat(e.getMessage())
        .doesNotContain("\u001b")
        .doesNotContain("\u0007")
        .doesNotContain("\u202e")
        .endsWith("HTTP 404 Not Found: [2J ]0;owned gone really");
  }

  @Test
  void aServerEchoingTheTokenDoesNotGetItPrinted() throws Exception {
    rm.route(
        "/ws/v1/cluster/info",
        FakeRm.status(
            403,
            "{\"RemoteException\":{\"exception\":\"AuthenticationException\","
                + "\"message\":\"bad token Bearer "
                + TOKEN
                + "\"}}"));
    YarnRestException e = failure(() -> client(conn()).clusterInfo());
    assertThat(e.getMessage()).contains("bad token Bearer [secret hidden]");
  }

  @Test
  void theDeadlineCoversTheWholeRequestAndZeroTimeoutsAreRefused() {
    assertThatThrownBy(() -> conn().withTimeouts(Duration.ofSeconds(1), Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("request timeout must be longer than zero");
    assertThatThrownBy(() -> conn().withTimeouts(Duration.ZERO, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("connect timeout must be longer than zero");
  }

  // ------------------------------------------------------------ credentials

  @Test
  void aTokenLosesItsLineEndingAndATokenWithControlCharactersIsRefusedWithoutQuotingIt()
      throws Exception {
    YarnAuth ok = YarnAuth.bearer(("\uFEFF " + TOKEN + "\r\n").toCharArray());
    assertThat(ok.authorizationHeader()).isEqualTo("Bearer " + TOKEN);
    assertThat(ok.toString()).doesNotContain(TOKEN);
    for (String bad : List.of("S3CR3T\r\nX-Evil: 1", "S3CR3T\u0000x", "S3CR3T x", "S3CR3T\u00e9")) {
      assertThatThrownBy(() -> YarnAuth.bearer(bad.toCharArray()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("at character 7 of")
          .hasMessageContaining("the token is not shown")
          .satisfies(t -> assertThat(t.getMessage()).doesNotContain("S3CR3T"));
    }
    assertThatThrownBy(() -> YarnAuth.bearer(" \r\n".toCharArray()))
        .hasMessage("the token is empty");
  }

  @Test
  void basicCredentialsAreCheckedWithoutQuotingThePassword() {
    assertThatThrownBy(() -> YarnAuth.basic("a:b", "pw".toCharArray()))
        .hasMessageContaining("contains ':'");
    assertThatThrownBy(() -> YarnAuth.basic("alice", "S3CR3T\r".toCharArray()))
        .hasMessageContaining("control character (U+000D) at character 7 of 7")
        .satisfies(t -> assertThat(t.getMessage()).doesNotContain("S3CR3T"));
    YarnAuth b = YarnAuth.basic("alice", "S3CR3T".toCharArray());
    String header = b.authorizationHeader();
    assertThat(b.redact("x " + header + " S3CR3T"))
        .doesNotContain("S3CR3T")
        .doesNotContain(header.substring(6));
  }
}
