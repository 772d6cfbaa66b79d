package io.rayon.views.rdl;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.resources.Resources;
import java.util.List;
import javafx.application.Platform;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class RdlBuilderTest {
  private RdlBuilder builder;
  private BlockInspector inspector;

  @BeforeAll
  static void keepFxAlive() {
    Platform.setImplicitExit(false);
  }

  @Start
  void start(Stage stage) {
    builder = new RdlBuilder();
    builder.setSystemDragAndDrop(false);
    inspector = new BlockInspector(builder);
    HBox root = new HBox(builder, inspector);
    builder.setPrefSize(700, 600);
    stage.setScene(new Scene(root, 1000, 650));
    stage.show();
  }

  private void fx(Runnable r) {
    WaitForAsyncUtils.waitForAsyncFx(5000, r);
  }

  private Node block(FxRobot robot, String path) {
    Node b = robot.lookup("#block-" + (path.isEmpty() ? "root" : path.replace('.', '-'))).query();
    return b.lookup(".rdl-block-header");
  }

  private void dragPaletteTo(FxRobot robot, String kind, String targetQuery) {
    robot.drag("#palette-" + kind).dropTo(targetQuery);
    WaitForAsyncUtils.waitForFxEvents();
  }

  @Test
  void draggingAnAtomIntoAnOrderInsideAWindowAndSettingItsParametersBuildsTheExpression(FxRobot robot) {
    dragPaletteTo(robot, "window", "#rdl-canvas");
    dragPaletteTo(robot, "order", "#slot-root-0");
    dragPaletteTo(robot, "atom", "#slot-0-0");
    assertThat(builder.getRoot().text()).contains("atom(<1024,1>,1,1,1,1)");

    robot.clickOn(block(robot, "0.0"));
    robot.doubleClickOn("#inspector-memory").write("8192");
    robot.doubleClickOn("#inspector-vcores").write("4");
    robot.doubleClickOn("#inspector-gang").write("1");
    robot.doubleClickOn("#inspector-parallelism").write("10");
    robot.doubleClickOn("#inspector-lease").write("240");
    robot.doubleClickOn("#inspector-work").write("2400");
    robot.clickOn("#inspector-apply");

    robot.clickOn(block(robot, ""));
    robot.doubleClickOn("#inspector-finish").write("800");
    robot.clickOn("#inspector-apply");
    WaitForAsyncUtils.waitForFxEvents();

    Rdl expected =
        Rdl.window(Rdl.order(Rdl.atom(Resources.of(8192, 4), 1, 10, 240, 2400)), 0, 800);
    assertThat(builder.getExpression()).isEqualTo(expected);
  }
}
