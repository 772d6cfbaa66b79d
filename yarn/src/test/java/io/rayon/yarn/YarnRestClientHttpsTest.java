package io.rayon.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.rayon.testsupport.FakeRm;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTTPS with a private certificate: trusted through a user-supplied trust store, refused without.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class YarnRestClientHttpsTest {
  static final char[] PW = "changeit-test".toCharArray();
  HttpsServer server;
  Path trustStore;

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    Path keyStore = dir.resolve("server.p12");
    Path cert = dir.resolve("server.cer");
    trustStore = dir.resolve("trust.p12");
    keytool(
        "-genkeypair",
        "-alias",
        "rm",
        "-keyalg",
        "EC",
        "-groupname",
        "secp256r1",
        "-dname",
        "CN=127.0.0.1",
        "-ext",
        "SAN=ip:127.0.0.1",
        "-validity",
        "2",
        "-storetype",
        "PKCS12",
        "-keystore",
        keyStore.toString(),
        "-storepass",
        new String(PW),
        "-keypass",
        new String(PW));
    keytool(
        "-exportcert",
        "-alias",
        "rm",
        "-keystore",
        keyStore.toString(),
        "-storepass",
        new String(PW),
        "-file",
        cert.toString());
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        "rm",
        "-file",
        cert.toString(),
        "-storetype",
        "PKCS12",
        "-keystore",
        trustStore.toString(),
        "-storepass",
        new String(PW));

    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keyStore)) {
      ks.load(in, PW);
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(ks, PW);
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(kmf.getKeyManagers(), null, null);
    server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
    server.setHttpsConfigurator(new HttpsConfigurator(ctx));
    server.createContext(
        "/ws/v1/cluster/info", ex -> FakeRm.send(ex, 200, FakeRm.golden("info.json")));
    server.start();
  }

  @AfterAll
  void stop() {
    if (server != null) server.stop(0);
  }

  private static void keytool(String... args) throws Exception {
    Path kt = Path.of(System.getProperty("java.home"), "bin", "keytool");
    List<String> cmd = new ArrayList<>(List.of(kt.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
  }

  String url() {
    return "https://127.0.0.1:" + server.getAddress().getPort();
  }

  @Test
  void aTrustStoreMakesAPrivateCertificateTrusted() throws Exception {
    YarnConnection c = YarnConnection.of(url()).withTrustStore(trustStore, PW);
    var info = new YarnRestClient(c, Clock.systemUTC(), d -> {}).clusterInfo();
    assertThat(info.hadoopVersion()).isEqualTo("3.4.1");
  }

  @Test
  void withoutTheTrustStoreTheTlsFailureSaysWhatToDo() throws Exception {
    YarnConnection c =
        YarnConnection.of(url()).withRetries(1, Duration.ofMillis(1), Duration.ofMillis(1));
    assertThatThrownBy(() -> new YarnRestClient(c, Clock.systemUTC(), d -> {}).clusterInfo())
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(YarnRestException.Kind.CONNECTION);
              assertThat(e.getMessage()).contains("TLS failure").contains("trust store");
            });
  }

  @Test
  void aWrongTrustStorePasswordIsASetupError() {
    YarnConnection c = YarnConnection.of(url()).withTrustStore(trustStore, "wrong".toCharArray());
    assertThatThrownBy(() -> new YarnRestClient(c, Clock.systemUTC(), d -> {}))
        .isInstanceOfSatisfying(
            YarnRestException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(YarnRestException.Kind.SETUP);
              assertThat(e.getMessage()).contains("trust.p12");
            });
  }

  @Test
  void hadoopIsNotOnTheApplicationsClassPath() {
    assertThatThrownBy(() -> Class.forName("org.apache.hadoop.conf.Configuration"))
        .isInstanceOf(ClassNotFoundException.class);
  }
}
