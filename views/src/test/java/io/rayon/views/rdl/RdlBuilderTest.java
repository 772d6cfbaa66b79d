package io.rayon.views.rdl;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.rdl.RdlPrinter;
import io.rayon.model.resources.Resources;
import io.rayon.views.FxTesting;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.controlsfx.validation.ValidationSupport;
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
    assertThat(builder.isSystemDragAndDrop())
        .as("off by default on the headless platform")
        .isFalse();
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

  /** Clicks a form field and replaces its text (typing character by character is slow headless). */
  private void fill(FxRobot robot, String query, String text) {
    robot.clickOn(query);
    TextInputControl t = robot.lookup(query).queryTextInputControl();
    FxTesting.run(() -> t.setText(text));
  }

  private void dragPaletteTo(FxRobot robot, String kind, String targetQuery) {
    robot.drag("#palette-" + kind).dropTo(targetQuery);
    WaitForAsyncUtils.waitForFxEvents();
  }

  @Test
  void draggingAnAtomIntoAnOrderInsideAWindowAndSettingItsParametersBuildsTheExpression(
      FxRobot robot) {
    dragPaletteTo(robot, "window", "#rdl-canvas");
    dragPaletteTo(robot, "order", "#slot-root-0");
    dragPaletteTo(robot, "atom", "#slot-0-0");
    assertThat(builder.getRoot().text()).contains("atom(<1024,1>,1,1,1,1)");

    robot.clickOn(block(robot, "0.0"));
    fill(robot, "#inspector-memory", "8192");
    fill(robot, "#inspector-vcores", "4");
    fill(robot, "#inspector-gang", "1");
    fill(robot, "#inspector-parallelism", "10");
    fill(robot, "#inspector-lease", "240");
    fill(robot, "#inspector-work", "2400");
    robot.clickOn("#inspector-apply");

    robot.clickOn(block(robot, ""));
    fill(robot, "#inspector-finish", "800");
    robot.clickOn("#inspector-apply");
    WaitForAsyncUtils.waitForFxEvents();

    Rdl expected = Rdl.window(Rdl.order(Rdl.atom(Resources.of(8192, 4), 1, 10, 240, 2400)), 0, 800);
    assertThat(builder.getExpression()).isEqualTo(expected);
  }

  private static final String ATOM = "atom(<1024,1>,1,1,1,1)";

  private void load(String rdl) throws Exception {
    Rdl e = RdlParser.parse(rdl);
    FxTesting.run(() -> builder.load(e));
  }

  @Test
  void undoRestoresThePreviousExpressionAndRedoReappliesIt(FxRobot robot) throws Exception {
    load("order(" + ATOM + ")");
    Rdl before = builder.getExpression();
    dragPaletteTo(robot, "atom", "#slot-root-1");
    Rdl after = builder.getExpression();
    assertThat(after).isEqualTo(RdlParser.parse("order(" + ATOM + "," + ATOM + ")"));

    robot
        .clickOn(block(robot, ""))
        .press(KeyCode.CONTROL, KeyCode.Z)
        .release(KeyCode.Z, KeyCode.CONTROL);
    assertThat(builder.getExpression()).isEqualTo(before);
    robot
        .press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.Z)
        .release(KeyCode.Z, KeyCode.SHIFT, KeyCode.CONTROL);
    assertThat(builder.getExpression()).isEqualTo(after);
    robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
    robot.press(KeyCode.CONTROL, KeyCode.Y).release(KeyCode.Y, KeyCode.CONTROL);
    assertThat(builder.getExpression()).isEqualTo(after);
  }

  @Test
  void aParameterChangeIsOneUndoableCommand(FxRobot robot) throws Exception {
    load("window(" + ATOM + ",0,60)");
    FxTesting.run(() -> builder.setSelectedPath("0"));
    fill(robot, "#inspector-work", "50");
    fill(robot, "#inspector-parallelism", "5");
    robot.clickOn("#inspector-apply");
    assertThat(builder.getExpression())
        .isEqualTo(RdlParser.parse("window(atom(<1024,1>,1,5,1,50),0,60)"));
    assertThat(builder.getCommandStack().undoSize()).isEqualTo(1);
    FxTesting.run(() -> builder.getCommandStack().undo());
    assertThat(builder.getExpression()).isEqualTo(RdlParser.parse("window(" + ATOM + ",0,60)"));
  }

  @Test
  void fieldsAreCheckedAsTheyAreTypedByControlsFxValidationSupport(FxRobot robot) throws Exception {
    load("window(" + ATOM + ",0,60)");
    FxTesting.run(() -> builder.setSelectedPath("0"));
    TextField memory = robot.lookup("#inspector-memory").queryAs(TextField.class);
    TextField extras = robot.lookup("#inspector-extras").queryAs(TextField.class);
    robot
        .clickOn(memory)
        .press(KeyCode.CONTROL, KeyCode.A)
        .release(KeyCode.A, KeyCode.CONTROL)
        .write("2 GB");
    fill(robot, "#inspector-extras", "gpu:2");
    WaitForAsyncUtils.waitForFxEvents();
    ValidationSupport support = ((BlockInspectorSkin) inspector.getSkin()).validation().support();
    assertThat(support.isInvalid()).isTrue();
    assertThat(memory.getPseudoClassStates()).contains(PseudoClass.getPseudoClass("invalid"));
    assertThat(memory.getTooltip().getText()).isEqualTo("memory: '2 GB' is not a whole number");
    assertThat(extras.getTooltip().getText()).contains("'gpu:2' should read name=amount");
    robot.clickOn("#inspector-apply");
    assertThat(robot.lookup("#inspector-error").queryAs(Label.class).getText())
        .isEqualTo("memory: '2 GB' is not a whole number");
    assertThat(builder.getExpression()).isEqualTo(RdlParser.parse("window(" + ATOM + ",0,60)"));

    fill(robot, "#inspector-memory", "2048");
    fill(robot, "#inspector-extras", "gpu=2");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(support.isInvalid()).isFalse();
    assertThat(memory.getPseudoClassStates()).doesNotContain(PseudoClass.getPseudoClass("invalid"));
    assertThat(memory.getTooltip()).isNull();
  }

  @Test
  void windowBoundsAreEditedInTimeUnitsOfTheStepLength(FxRobot robot) throws Exception {
    load("window(" + ATOM + ",0,60)");
    FxTesting.run(
        () -> {
          builder.setStepSeconds(60);
          builder.setSelectedPath("");
        });
    FxTesting.run(() -> inspector.setUnit(DisplayUnit.HOURS));
    assertThat(robot.lookup("#inspector-finish").queryTextInputControl().getText()).isEqualTo("1");
    fill(robot, "#inspector-start", "0.5");
    fill(robot, "#inspector-finish", "2");
    robot.clickOn("#inspector-apply");
    assertThat(builder.getExpression()).isEqualTo(RdlParser.parse("window(" + ATOM + ",30,120)"));
    // a value that is not a whole number of steps is refused with the reason
    fill(robot, "#inspector-finish", "2.001");
    robot.clickOn("#inspector-apply");
    assertThat(robot.lookup("#inspector-error").queryAs(Label.class).getText())
        .contains("not a whole number of steps");
    assertThat(builder.getExpression()).isEqualTo(RdlParser.parse("window(" + ATOM + ",30,120)"));
  }

  @Test
  void editingTheTextPaneUpdatesTheBlocks(FxRobot robot) throws Exception {
    load(ATOM);
    TextArea text = robot.lookup("#rdl-text").queryAs(TextArea.class);
    assertThat(text.getText()).isEqualTo(ATOM);
    FxTesting.run(() -> text.setText("all(" + ATOM + ", atom(<2048,2>,2,4,3,24))"));
    robot.clickOn("#rdl-text-apply");
    assertThat(builder.getExpression())
        .isEqualTo(RdlParser.parse("all(" + ATOM + ",atom(<2048,2>,2,4,3,24))"));
    assertThat(robot.lookup("#block-1").tryQuery()).isPresent();
    assertThat(((Label) block(robot, "1")).getText()).isEqualTo("atom <2048,2> g=2 h=4 l=3 w=24");
    // the text is re-printed canonically from the blocks
    assertThat(text.getText()).isEqualTo(RdlPrinter.pretty(builder.getExpression()));
  }

  @Test
  void aMalformedTextEditShowsTheErrorAndKeepsTheTree(FxRobot robot) throws Exception {
    load("order(" + ATOM + ")");
    Block tree = builder.getRoot();
    TextArea text = robot.lookup("#rdl-text").queryAs(TextArea.class);
    robot.clickOn(text);
    FxTesting.run(() -> text.setText("order(atom(<1024,1>,1,1,1))"));
    Label status = robot.lookup("#rdl-text-status").queryAs(Label.class);
    assertThat(status.getText()).startsWith("1:").contains("expected ','");
    assertThat(status.getPseudoClassStates()).contains(PseudoClass.getPseudoClass("error"));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(text.getPseudoClassStates())
        .as("ValidationSupport marks the text")
        .contains(PseudoClass.getPseudoClass("invalid"));
    assertThat(text.getTooltip().getText()).isEqualTo(status.getText());
    robot.press(KeyCode.CONTROL, KeyCode.ENTER).release(KeyCode.ENTER, KeyCode.CONTROL);
    assertThat(builder.getRoot()).isEqualTo(tree);
    assertThat(builder.getMessage()).startsWith("1:26:");
    assertThat(text.getText()).isEqualTo("order(atom(<1024,1>,1,1,1))");
    assertThat(builder.getCommandStack().undoSize()).isZero();
    FxTesting.run(() -> text.setText("order(" + ATOM + ")"));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(text.getPseudoClassStates()).doesNotContain(PseudoClass.getPseudoClass("invalid"));
  }

  @Test
  void aBlockTheValidatorRejectsIsMarkedWithTheReasonOnHover(FxRobot robot) throws Exception {
    FxTesting.run(
        () ->
            builder.setValidator(
                e -> {
                  Rdl first = Rdl.at(e, "0");
                  return first instanceof Rdl.Atom a && a.gang() > a.maxParallelism()
                      ? List.of(
                          new BlockProblem(
                              "0",
                              "gang g="
                                  + a.gang()
                                  + " exceeds max parallelism h="
                                  + a.maxParallelism()))
                      : List.of();
                }));
    load("order(atom(<1024,1>,4,2,1,8)," + ATOM + ")");
    Node bad = robot.lookup("#block-0").query();
    Node good = robot.lookup("#block-1").query();
    PseudoClass problem = PseudoClass.getPseudoClass("problem");
    assertThat(bad.getPseudoClassStates()).contains(problem);
    assertThat(good.getPseudoClassStates()).doesNotContain(problem);
    robot.moveTo(bad.lookup(".rdl-block-header"));
    WaitForAsyncUtils.waitFor(
        5,
        TimeUnit.SECONDS,
        () -> robot.lookup(".rdl-problem-tooltip").tryQuery().map(Node::isVisible).orElse(false));
    assertThat(builder.problemsAt("0"))
        .extracting(BlockProblem::message)
        .containsExactly("gang g=4 exceeds max parallelism h=2");
    Node tip = robot.lookup(".rdl-problem-tooltip").query();
    Labeled shown = robot.from(tip).lookup((Node n) -> n instanceof Labeled).query();
    assertThat(shown.getText()).isEqualTo("gang g=4 exceeds max parallelism h=2");
  }

  @Test
  void emptyOperatorsMakeTheExpressionIncompleteAndAreMarked(FxRobot robot) {
    dragPaletteTo(robot, "any", "#rdl-canvas");
    assertThat(builder.getRoot()).isNotNull();
    assertThat(builder.getExpression()).isNull();
    assertThat(robot.lookup("#block-root").query().getPseudoClassStates())
        .contains(PseudoClass.getPseudoClass("problem"));
    assertThat(robot.lookup("#rdl-text").queryAs(TextArea.class).getText()).contains("?");
    dragPaletteTo(robot, "atom", "#slot-root-0");
    assertThat(builder.getExpression())
        .isEqualTo(Rdl.any(Rdl.atom(Resources.of(1024, 1), 1, 1, 1, 1)));
    assertThat(builder.problemsProperty()).isEmpty();
  }

  @Test
  void draggingABlockReordersAndUnNestsIt(FxRobot robot) throws Exception {
    load("order(atom(<1024,1>,1,1,1,1),all(atom(<2048,1>,1,1,1,2)))");
    // move the inner atom of all(...) out to the front of the order: un-nest and reorder in one
    // drag
    robot.drag(block(robot, "1.0")).dropTo("#slot-root-0");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(builder.getRoot().text())
        .isEqualTo("order(\n  atom(<2048,1>,1,1,1,2),\n  atom(<1024,1>,1,1,1,1),\n  all(\n    ?))");
    assertThat(builder.getSelectedPath()).isEqualTo("0");
    assertThat(builder.getCommandStack().undoSize()).isEqualTo(1);
    FxTesting.run(() -> builder.getCommandStack().undo());
    assertThat(builder.getExpression())
        .isEqualTo(RdlParser.parse("order(atom(<1024,1>,1,1,1,1),all(atom(<2048,1>,1,1,1,2)))"));
  }

  @Test
  void deleteKeyRemovesTheSelectedBlock(FxRobot robot) throws Exception {
    load("all(" + ATOM + ",atom(<2048,1>,1,1,1,2))");
    robot.clickOn(block(robot, "0")).type(KeyCode.DELETE);
    assertThat(builder.getExpression()).isEqualTo(RdlParser.parse("all(atom(<2048,1>,1,1,1,2))"));
  }
}
