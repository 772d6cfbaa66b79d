package io.rayon.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.model.io.Json;
import io.rayon.model.live.QueueReport;
import io.rayon.model.live.YarnAllocation;
import io.rayon.model.live.YarnInterpreter;
import io.rayon.model.live.YarnReservation;
import io.rayon.model.live.YarnStage;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.FakeRm;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reading real Hadoop 3.4.1 replies (captured from MiniYARNCluster) and the odd shapes servers
 * send.
 */
class YarnRepliesTest {

  static ReplyNode reply(String json) throws Exception {
    return ReplyNode.root(Json.mapper().readTree(json));
  }

  static ReplyNode golden(String name) throws Exception {
    return reply(FakeRm.golden(name));
  }

  @Test
  void readsClusterInfoWhoseIdIsANumber() throws Exception {
    var i = YarnReplies.info(golden("info.json"));
    assertThat(i.id()).isEqualTo("1795362593148");
    assertThat(i.hadoopVersion()).isEqualTo("3.4.1");
    assertThat(i.haState()).isEqualTo("ACTIVE");
  }

  @Test
  void readsMetricsIntoResourceVectors() throws Exception {
    var m = YarnReplies.metrics(golden("metrics.json"));
    assertThat(m.total()).isEqualTo(Resources.of(8192, 8));
    assertThat(m.available()).isEqualTo(Resources.of(8192, 8));
    assertThat(m.activeNodes()).isEqualTo(2);
    assertThat(m.memoryUtilization()).isZero();
  }

  @Test
  void readsNodesWithCapacityUsageAndMeasuredUtilization() throws Exception {
    var nodes = YarnReplies.nodes(golden("nodes.json"));
    assertThat(nodes).hasSize(2);
    assertThat(nodes.get(0).capacity()).isEqualTo(Resources.of(4096, 4));
    assertThat(nodes.get(0).used()).isEqualTo(Resources.ZERO);
    assertThat(nodes.get(0).rack()).isEqualTo("/default-rack");
    assertThat(nodes.get(0).utilization()).isNotNull();
  }

  @Test
  void noApplicationsIsAnEmptyObjectOrNullOrMissing() throws Exception {
    assertThat(YarnReplies.apps(golden("apps.json"))).isEmpty();
    assertThat(YarnReplies.apps(reply("{\"apps\":null}"))).isEmpty();
    assertThat(YarnReplies.apps(reply("{}"))).isEmpty();
  }

  @Test
  void aSingleApplicationMayComeAsAnObjectInsteadOfAList() throws Exception {
    var apps =
        YarnReplies.apps(
            reply(
                "{\"apps\":{\"app\":{\"id\":\"application_1_0001\",\"user\":\"alice\",\"queue\":\"dedicated\","
                    + "\"state\":\"RUNNING\",\"progress\":\"42.5\",\"allocatedMB\":2048,\"allocatedVCores\":2,\"runningContainers\":2,"
                    + "\"reservationId\":\"reservation_1_0001\"}}}"));
    assertThat(apps)
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.progress()).isEqualTo(42.5);
              assertThat(a.allocated()).isEqualTo(Resources.of(2048, 2));
              assertThat(a.reservationId()).isEqualTo("reservation_1_0001");
              assertThat(a.isActive()).isTrue();
            });
  }

  @Test
  void readsTheCapacitySchedulerQueueTreeAndFindsThePlanQueue() throws Exception {
    QueueReport root = YarnReplies.queues(golden("scheduler.json"));
    assertThat(root.children())
        .extracting(QueueReport::name)
        .containsExactly("default", "dedicated");
    QueueReport def = root.children().get(0);
    assertThat(def.capacity()).isEqualTo(0.2);
    assertThat(def.path()).isEqualTo("root.default");
    assertThat(YarnRestClient.planQueues(root)).containsExactly("dedicated");
    assertThat(YarnReplies.schedulerType(golden("scheduler.json"))).isEqualTo("capacityScheduler");
  }

  @Test
  void readsAReservationListWhereNumbersAreStringsAndOneItemIsAnObject() throws Exception {
    List<YarnReservation> rs =
        YarnReplies.reservations(golden("reservation-list-one.json"), "dedicated");
    assertThat(rs)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.id()).isEqualTo("reservation_1795362593148_0001");
              assertThat(r.user()).isEqualTo("rayon");
              assertThat(r.queue()).isEqualTo("dedicated");
              assertThat(r.acceptanceTime()).isEqualTo(1795362602914L);
              assertThat(r.allocations())
                  .containsExactly(
                      new YarnAllocation(1795362613000L, 1795362733000L, Resources.of(1024, 1)));
              assertThat(r.definition().interpreter()).isEqualTo(YarnInterpreter.R_ALL);
              assertThat(r.definition().stages())
                  .containsExactly(new YarnStage(Resources.of(1024, 1), 2, 1, 60_000));
              assertThat(r.definition().priority()).isZero();
              assertThat(r.definition().recurrenceExpression()).isNull();
            });
    assertThat(YarnReplies.reservations(golden("reservation-list-empty.json"), "dedicated"))
        .isEmpty();
  }

  @Test
  void aWrongValueIsReportedWithItsJsonPath() throws Exception {
    assertThatThrownBy(
            () ->
                YarnReplies.nodes(
                    reply(
                        "{\"nodes\":{\"node\":[{\"id\":\"a\"},{\"id\":\"b\",\"usedMemoryMB\":\"lots\"}]}}")))
        .isInstanceOfSatisfying(
            ReplyNode.Malformed.class,
            e -> {
              assertThat(e.path).isEqualTo("$.nodes.node[1].usedMemoryMB");
              assertThat(e.problem).isEqualTo("expected a whole number, found \"lots\"");
            });
    assertThatThrownBy(() -> YarnReplies.metrics(reply("{\"clusterMetrics\":[]}")))
        .isInstanceOfSatisfying(
            ReplyNode.Malformed.class,
            e ->
                assertThat(e.getMessage())
                    .isEqualTo("$.clusterMetrics: expected an object, found a list"));
    assertThatThrownBy(() -> YarnReplies.info(reply("{\"somethingElse\":{}}")))
        .isInstanceOfSatisfying(
            ReplyNode.Malformed.class,
            e ->
                assertThat(e.getMessage()).isEqualTo("$.clusterInfo: missing; expected an object"));
  }

  @Test
  void anUnknownInterpreterIsNamed() throws Exception {
    assertThatThrownBy(
            () ->
                YarnReplies.definition(
                    reply(
                        "{\"reservation-requests\":{\"reservation-request-interpreter\":\"7\"}}")))
        .hasMessageContaining("reservation-request-interpreter")
        .hasMessageContaining("unknown interpreter \"7\"");
  }

  @Test
  void fairSchedulerQueuesAreReadAsSharesOfTheCluster() throws Exception {
    QueueReport root =
        YarnReplies.queues(
            reply(
                "{\"scheduler\":{\"schedulerInfo\":{\"type\":\"fairScheduler\",\"rootQueue\":{"
                    + "\"queueName\":\"root\",\"clusterResources\":{\"memory\":1000,\"vCores\":10},\"fairResources\":{\"memory\":1000,\"vCores\":10},"
                    + "\"usedResources\":{\"memory\":250,\"vCores\":2},\"childQueues\":{\"queue\":{\"queueName\":\"root.a\","
                    + "\"fairResources\":{\"memory\":500,\"vCores\":5},\"usedResources\":{\"memory\":250,\"vCores\":2}}}}}}}"));
    assertThat(root.children())
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.name()).isEqualTo("a");
              assertThat(a.absoluteCapacity()).isEqualTo(0.5);
              assertThat(a.usedCapacity()).isEqualTo(0.5);
            });
  }
}
