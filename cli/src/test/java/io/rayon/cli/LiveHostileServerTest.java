package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rayon.model.io.Json;
import io.rayon.model.time.Durations;
import io.rayon.testsupport.FakeRm;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rayon live} and {@code rayon yarn submit} against an in-process ResourceManager that
 * attacks the client (issue 14): redirects elsewhere, dripping and endless bodies, replies that are
 * not the JSON they claim, tokens with line endings or control characters. Every case checks the
 * exit code, one line on stderr naming the server and the problem, and that the secret is in no
 * output and no file the command wrote.
 */
class LiveHostileServerTest {
  static final String SECRET = "S3CR3T-7c1f-tok";
  FakeRm rm;
  FakeRm other;
  StringWriter out;
  StringWriter err;
  @TempDir Path tmp;
  Path tokenFile;

  @BeforeEach
  void start() throws IOException {
    rm = new FakeRm();
    other = new FakeRm();
    tokenFile = tmp.resolve("token.txt");
    // a token file saved on Windows
    Files.writeString(tokenFile, SECRET + "\r\n", StandardCharsets.UTF_8);
  }

  @AfterEach
  void stop() {
    rm.close();
    other.close();
  }

  int run(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    var cl = RayonCli.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  /** Runs {@code rayon live URL --once --token-file F} with {@code extra} options. */
  int live(String... extra) {
    List<String> a =
        new ArrayList<>(
            List.of(
                "live",
                rm.url(),
                "--once",
                "--token-file",
                tokenFile.toString(),
                "--retries",
                "1"));
    a.addAll(List.of(extra));
    return run(a.toArray(String[]::new));
  }

  /**
   * The secret is in no output and in no file under the temporary folder but the token file itself.
   */
  void assertNoSecret() throws IOException {
    assertThat(out.toString()).doesNotContain(SECRET).doesNotContain("S3CR3T");
    assertThat(err.toString()).doesNotContain(SECRET).doesNotContain("S3CR3T");
    try (Stream<Path> files = Files.walk(tmp)) {
      for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.equals(tokenFile)).toList()) {
        assertThat(Files.readString(f, StandardCharsets.ISO_8859_1))
            .as(f.toString())
            .doesNotContain("S3CR3T");
      }
    }
  }

  /**
   * stderr is one line, starting with {@code rayon: <server>: }, and contains every {@code part}.
   */
  void assertOneLine(String server, String... parts) {
    String e = err.toString().strip();
    assertThat(e.lines()).as(e).hasSize(1);
    assertThat(e).startsWith("rayon: " + server + ": ");
    for (String p : parts) assertThat(e).contains(p);
  }

  static List<String> auth(FakeRm.Request r) {
    return r.headers().getOrDefault("Authorization", List.of());
  }

  Path scenario() throws IOException {
    Path p = tmp.resolve("scenario.json");
    try (var in = getClass().getResourceAsStream("/live/two-reservations.json")) {
      Files.copy(in, p);
    }
    return p;
  }

  // ------------------------------------------------------------ credentials

  @Test
  void aTokenFileWithWindowsLineEndingsIsSentTrimmed() throws Exception {
    assertThat(live()).as(err.toString()).isZero();
    assertThat(rm.requests)
        .isNotEmpty()
        .allSatisfy(r -> assertThat(auth(r)).containsExactly("Bearer " + SECRET));
    assertNoSecret();
  }

  @Test
  void aTokenWithAControlCharacterInsideIsBadInputAndNotQuoted() throws Exception {
    Files.writeString(tokenFile, "S3CR3T-left\u0007S3CR3T-right\n", StandardCharsets.UTF_8);
    assertThat(live()).isEqualTo(2);
    assertThat(err.toString().strip())
        .isEqualTo(
            "rayon: --token-file "
                + tokenFile
                + ": the token contains a control"
                + " character (U+0007) at character 12 of 24; a token is one line of printable ASCII (the token is not shown)");
    assertThat(rm.requests).isEmpty();
    assertNoSecret();
  }

  @Test
  void aTokenSplitOverTwoLinesIsBadInputAndNotQuoted() throws Exception {
    Files.writeString(tokenFile, "S3CR3T-one\r\nS3CR3T-two\r\n", StandardCharsets.UTF_8);
    assertThat(live()).isEqualTo(2);
    assertThat(err.toString())
        .contains(
            "--token-file " + tokenFile + ": the token contains a control character (U+000D)");
    assertThat(rm.requests).isEmpty();
    assertNoSecret();
  }

  @Test
  void aMissingOrOversizedTokenFileIsBadInput() throws Exception {
    Path none = tmp.resolve("none.txt");
    assertThat(run("live", rm.url(), "--once", "--token-file", none.toString())).isEqualTo(2);
    assertThat(err.toString().strip()).isEqualTo("rayon: --token-file " + none + ": no such file");
    Files.writeString(tokenFile, SECRET.repeat(10_000));
    assertThat(live()).isEqualTo(2);
    assertThat(err.toString()).contains("larger than 64 KiB");
    assertThat(run("live", rm.url(), "--once", "--token-file", tokenFile.toString(), "--bearer"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("choose one of --basic-user, --bearer and --token-file");
    assertNoSecret();
  }

  @Test
  void aServerThatEchoesTheTokenInItsErrorDoesNotGetItPrinted() throws Exception {
    rm.route("/ws/v1/cluster/info", FakeRm.status(401, "token " + SECRET + " expired"));
    assertThat(live()).isEqualTo(1);
    assertOneLine(
        rm.url(), "GET /ws/v1/cluster/info: HTTP 401 Unauthorized: token [secret hidden] expired");
    assertNoSecret();
  }

  // ------------------------------------------------------------ redirects

  @Test
  void aRedirectToAnotherPortIsReportedAndTheCredentialsStay() throws Exception {
    rm.route("/ws/v1/cluster/info", FakeRm.redirect(302, other.url() + "/ws/v1/cluster/info"));
    assertThat(live()).isEqualTo(1);
    assertOneLine(
        rm.url(),
        "GET /ws/v1/cluster/info: HTTP 302 Found to "
            + other.url()
            + ", another server than "
            + rm.url(),
        "not followed",
        "credentials stay with the server they were given for");
    assertThat(other.requests).isEmpty();
    assertThat(rm.requests).hasSize(1);
    assertNoSecret();
  }

  @Test
  void aRedirectToAnotherHostIsNotFollowed() throws Exception {
    String port = rm.url().substring(rm.url().lastIndexOf(':') + 1);
    rm.route(
        "/ws/v1/cluster/info",
        FakeRm.redirect(307, "http://localhost:" + port + "/ws/v1/cluster/info"));
    assertThat(live()).isEqualTo(1);
    assertOneLine(
        rm.url(),
        "HTTP 307 Temporary Redirect to http://localhost:" + port + ", another server",
        "not followed");
    assertThat(rm.requests).hasSize(1);
    assertNoSecret();
  }

  @Test
  void aRedirectToAnotherSchemeIsNotFollowed() throws Exception {
    String port = rm.url().substring(rm.url().lastIndexOf(':') + 1);
    rm.route(
        "/ws/v1/cluster/info",
        FakeRm.redirect(301, "https://127.0.0.1:" + port + "/ws/v1/cluster/info"));
    assertThat(live()).isEqualTo(1);
    assertOneLine(
        rm.url(), "HTTP 301 Moved Permanently to https://127.0.0.1:" + port + ", another server");
    assertThat(rm.requests).hasSize(1);
    assertNoSecret();
  }

  @Test
  void aSameServerRedirectIsFollowedAndNoted() throws Exception {
    rm.route("/ws/v1/cluster/metrics", FakeRm.redirect(302, "/ws/v1/cluster/metrics-new"));
    rm.route("/ws/v1/cluster/metrics-new", FakeRm.json(FakeRm.golden("metrics.json")));
    assertThat(live()).as(err.toString()).isZero();
    assertOneLine(
        rm.url(),
        "note: GET /ws/v1/cluster/metrics: followed a redirect (HTTP 302 Found) to"
            + " /ws/v1/cluster/metrics-new on the same server");
    assertThat(out.toString()).contains("Cluster: 2 of 2 nodes active");
    assertNoSecret();
  }

  @Test
  void submitRedirectedToAnotherServerSendsNothingThereAndSaysSo() throws Exception {
    rm.route(
        "/ws/v1/cluster/reservation/new-reservation",
        FakeRm.redirect(302, other.url() + "/ws/v1/cluster/reservation/new-reservation"));
    other.route(
        "/ws/v1/cluster/reservation/new-reservation",
        FakeRm.json("{\"reservation-id\":\"reservation_1_0001\"}"));
    other.route("/ws/v1/cluster/reservation/submit", FakeRm.status(202, ""));
    int code =
        run(
            "yarn",
            "submit",
            scenario().toString(),
            "--url",
            rm.url(),
            "--allow-write",
            "--token-file",
            tokenFile.toString(),
            "--no-local-plan",
            "--reservation",
            "etl",
            "--start",
            "2026-11-22T18:00:00Z");
    assertThat(code).isEqualTo(1);
    assertThat(out.toString())
        .startsWith("Nothing submitted to " + rm.url())
        .doesNotContain("ACCEPTED")
        .contains("etl: NOT_SENT");
    assertOneLine(
        rm.url(),
        "not sent: POST /ws/v1/cluster/reservation/new-reservation: HTTP 302 Found to "
            + other.url(),
        "another server",
        "not followed");
    assertThat(other.requests).isEmpty();
    // the POST was not turned into a GET, and not repeated
    assertThat(rm.requests)
        .singleElement()
        .satisfies(r -> assertThat(r.method()).isEqualTo("POST"));
    assertNoSecret();
  }

  @Test
  void submitRedirectedOnTheSameServerIsNotResentAsAGet() throws Exception {
    rm.route(
        "/ws/v1/cluster/reservation/new-reservation",
        FakeRm.redirect(303, "/ws/v1/cluster/reservation/result"));
    rm.route(
        "/ws/v1/cluster/reservation/result",
        FakeRm.json("{\"reservation-id\":\"reservation_1_0001\"}"));
    int code =
        run(
            "yarn",
            "submit",
            scenario().toString(),
            "--url",
            rm.url(),
            "--allow-write",
            "--token-file",
            tokenFile.toString(),
            "--no-local-plan",
            "--json",
            "--start",
            "2026-11-22T18:00:00Z");
    assertThat(code).isEqualTo(1);
    JsonNode n = Json.mapper().readTree(out.toString());
    assertThat(n.get("outcomes"))
        .allSatisfy(o -> assertThat(o.get("status").asText()).isEqualTo("NOT_SENT"));
    assertThat(n.get("outcomes").get(0).get("message").asText())
        .contains(
            "HTTP 303 See Other to /ws/v1/cluster/reservation/result in answer to a POST; not followed");
    assertOneLine(rm.url(), "a POST is never resent as a GET");
    assertThat(rm.requests)
        .singleElement()
        .satisfies(r -> assertThat(r.method()).isEqualTo("POST"));
    assertNoSecret();
  }

  // ------------------------------------------------------------ bodies

  @Test
  void aDrippingBodyEndsAtTheTimeout() throws Exception {
    FakeRm.Flood drip = rm.drip(FakeRm.golden("info.json"), Duration.ofSeconds(1));
    rm.route("/ws/v1/cluster/info", drip);
    assertThat(live("--timeout", "1s")).isEqualTo(1);
    assertOneLine(
        rm.url(),
        "GET /ws/v1/cluster/info: the reply did not arrive completely within 1 s",
        "the connection was closed");
    assertThat(drip.clientGone.await(20, TimeUnit.SECONDS)).isTrue();
    assertNoSecret();
  }

  @Test
  void aHugeChunkedBodyStopsAtMaxBody() throws Exception {
    long size = 400L << 20;
    FakeRm.Flood flood = rm.huge(size, false);
    rm.route("/ws/v1/cluster/nodes", flood);
    assertThat(live("--max-body", "1m")).isEqualTo(1);
    assertOneLine(
        rm.url(),
        "GET /ws/v1/cluster/nodes: the reply is larger than the limit of 1 MiB; reading stopped after",
        "--max-body");
    assertThat(flood.clientGone.await(20, TimeUnit.SECONDS)).isTrue();
    assertThat(flood.written.get()).isLessThan(size / 4);
    assertNoSecret();
  }

  @Test
  void malformedJsonIsNamedWithItsPlace() throws Exception {
    rm.route("/ws/v1/cluster/metrics", FakeRm.json("{\"clusterMetrics\":{\"totalMB\": 8192,, }}"));
    assertThat(live()).isEqualTo(1);
    assertOneLine(rm.url(), "GET /ws/v1/cluster/metrics: malformed JSON", "at line 1, column");
    assertNoSecret();
  }

  @Test
  void aWrongContentTypeIsNamed() throws Exception {
    rm.route(
        "/ws/v1/cluster/info",
        FakeRm.typed(200, "text/html", "<html><form>Password:</form></html>"));
    assertThat(live()).isEqualTo(1);
    assertOneLine(
        rm.url(), "GET /ws/v1/cluster/info: the reply is text/html, not JSON (a login page");
    assertNoSecret();
  }

  @Test
  void aTruncatedBodyIsNamed() throws Exception {
    rm.route("/ws/v1/cluster/info", FakeRm.cutOff(FakeRm.golden("info.json")));
    rm.route("/ws/v1/cluster/nodes", FakeRm.json("{\"nodes\":{\"node\":[{\"id\":\"n1\""));
    assertThat(live()).isEqualTo(1);
    assertOneLine(
        rm.url(), "GET /ws/v1/cluster/info: the connection broke before the reply was complete");
    rm.route("/ws/v1/cluster/info", FakeRm.json(FakeRm.golden("info.json")));
    assertThat(live()).isEqualTo(1);
    assertOneLine(
        rm.url(),
        "GET /ws/v1/cluster/nodes: the reply ends in the middle of the JSON (truncated?)");
    assertNoSecret();
  }

  // ------------------------------------------------------------ options

  @Test
  void zeroOrMalformedLimitsAreBadInput() throws Exception {
    assertThat(live("--timeout", "0s")).isEqualTo(2);
    assertThat(err.toString().strip())
        .isEqualTo(
            "rayon: --timeout: duration '0s' must be longer than zero; write "
                + Durations.EXAMPLES);
    assertThat(live("--max-body", "lots")).isEqualTo(2);
    assertThat(err.toString().strip())
        .isEqualTo("rayon: --max-body: 'lots' is not a size; write for example 512k, 64m or 1g");
    assertThat(live("--max-body", "0")).isEqualTo(2);
    assertThat(err.toString().strip())
        .isEqualTo("rayon: --max-body must be between 1k and 2g, was 0");
    assertThat(live("--max-body", "99999999999999999999g")).isEqualTo(2);
    assertThat(rm.requests).isEmpty();
    assertNoSecret();
  }

  @Test
  void anAbsurdlyLongTimeoutStillWorks() throws Exception {
    assertThat(live("--timeout", "99999999999d")).as(err.toString()).isZero();
    assertNoSecret();
  }

  @Test
  void sizesUseBinaryUnits() {
    assertThat(YarnConnectionOptions.parseSize("64m")).isEqualTo(64L << 20);
    assertThat(YarnConnectionOptions.parseSize("512 KiB")).isEqualTo(512L << 10);
    assertThat(YarnConnectionOptions.parseSize("2g")).isEqualTo(2L << 30);
    assertThat(YarnConnectionOptions.parseSize("4096")).isEqualTo(4096);
  }
}
