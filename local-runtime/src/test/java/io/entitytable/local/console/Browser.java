package io.entitytable.local.console;

import static org.junit.jupiter.api.Assertions.fail;

import com.sun.security.auth.module.UnixSystem;
import io.entitytable.local.RepositoryRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Chromium driven by its chromedriver, for the console's tests: Debian's {@code chromium} and {@code
 * chromium-driver} packages, which {@code .ci/run} installs. Where either is missing, {@link #start()} and
 * {@link #shared()} skip the calling test (a JUnit assumption) with the command that installs them; every other
 * problem fails. The checks a console page must pass are {@link #assertNoConsoleErrors()} and
 * {@link #assertAccessible()} (axe-core, from {@code local-runtime/src/test/browser}, which the module's build installs
 * with npm).
 */
public final class Browser implements AutoCloseable {
    /** Overrides {@code /usr/bin/chromium}. */
    public static final String BINARY_PROPERTY = "chromium.binary";
    /** Overrides {@code /usr/bin/chromedriver}; Selenium's own name for it. */
    public static final String DRIVER_PROPERTY = ChromeDriverService.CHROME_DRIVER_EXE_PROPERTY;

    static final String MISSING =
            "chromium and chromedriver are not installed: apt-get install chromium chromium-driver";

    private static final Duration DEFAULT_WAIT = Duration.ofSeconds(10);
    private static final Pattern SCREENSHOT_NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");
    /** Controls a person types into, found by their accessible name. */
    private static final String FIELDS = "input:not([type=hidden]):not([type=button]):not([type=submit])"
            + ":not([type=reset]):not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable=true],"
            + " [role=textbox], [role=searchbox], [role=combobox], [role=spinbutton]";
    /** Controls a person clicks, found by their accessible name. */
    private static final String CLICKABLES = "button, a[href], summary, input[type=button], input[type=submit],"
            + " input[type=reset], input[type=checkbox], input[type=radio], [role=button], [role=link], [role=tab],"
            + " [role=menuitem], [role=checkbox], [role=radio], [role=switch], [role=option]";
    /**
     * Runs axe-core on the whole document; answers the violations as plain lists and maps, or a string if axe failed.
     */
    private static final String RUN_AXE =
            """
            const done = arguments[arguments.length - 1];
            axe.run(document, {resultTypes: ['violations']}).then(
                results => done(results.violations.map(v => ({
                    id: v.id,
                    impact: v.impact || '',
                    help: v.help,
                    helpUrl: v.helpUrl,
                    targets: v.nodes.map(n => n.target.join(' '))
                }))),
                error => done('axe-core failed: ' + error));
            """;

    private static Browser shared;
    private static boolean toldMissing;

    private final ChromeDriver driver;
    private final List<String> consoleErrors = new ArrayList<>();

    private Browser(ChromeDriver driver) {
        this.driver = driver;
    }

    /**
     * The browser of this JVM, started on first use and quit when the JVM ends: test classes share it, and each
     * {@link #open} starts a page afresh. Never close it.
     */
    public static synchronized Browser shared() {
        if (shared == null) {
            Browser started = start();
            Runtime.getRuntime().addShutdownHook(new Thread(started::quit, "browser-quit"));
            shared = started;
        }
        return shared;
    }

    /**
     * A browser of the caller's own, which it closes; skips the calling test where chromium is not installed. Call it
     * (or {@link #shared()}) from a test or {@code @BeforeEach}: an assumption in {@code @BeforeAll} skips the class
     * without its tests being counted.
     */
    public static synchronized Browser start() {
        Path binary = Path.of(System.getProperty(BINARY_PROPERTY, "/usr/bin/chromium"));
        Path chromedriver = Path.of(System.getProperty(DRIVER_PROPERTY, "/usr/bin/chromedriver"));
        if (!Files.isExecutable(binary) || !Files.isExecutable(chromedriver)) {
            String reason = MISSING + " (looked for " + binary + " and " + chromedriver + ")";
            if (!toldMissing) {
                // Surefire's summary counts skipped tests without their reason: say it once in the build's output.
                System.err.println("[WARNING] browser tests skipped: " + reason);
                toldMissing = true;
            }
            Assumptions.abort(reason);
        }

        ChromeOptions options = new ChromeOptions();
        options.setBinary(binary.toFile());
        options.addArguments(
                "--headless=new",
                // /dev/shm is 64 MB in many containers: too small for the renderer, which then crashes.
                "--disable-dev-shm-usage",
                // Screenshots the same size and scale on every machine.
                "--window-size=1280,900",
                "--force-device-scale-factor=1",
                "--hide-scrollbars",
                "--lang=en-US");
        if (new UnixSystem().getUid() == 0) {
            // Chromium refuses to start as root inside its own sandbox (CI runs as root); as any other user the
            // sandbox stays on.
            options.addArguments("--no-sandbox");
        }
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability(ChromeOptions.LOGGING_PREFS, logs);

        // The driver's path given here keeps Selenium Manager, which would download a driver, out of it.
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver.toFile())
                .withSilent(true)
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        return new Browser(driver);
    }

    /** For what the helpers here do not cover. */
    public WebDriver driver() {
        return driver;
    }

    /**
     * Loads a page. The console messages of pages before it are dropped, so that {@link #assertNoConsoleErrors()}
     * speaks of this page only.
     */
    public void open(URI page) {
        drainConsole();
        consoleErrors.clear();
        driver.get(page.toString());
    }

    // ---- Checks ----

    /** The browser console's SEVERE messages since {@link #open}: uncaught errors, console.error, failed loads. */
    public List<String> consoleErrors() {
        drainConsole();
        return List.copyOf(consoleErrors);
    }

    /** Fails listing each SEVERE message of the browser's console since {@link #open}. */
    public void assertNoConsoleErrors() {
        List<String> errors = consoleErrors();
        if (!errors.isEmpty()) {
            fail(errors.size() + " error(s) in the browser's console on " + driver.getCurrentUrl() + ":\n  "
                    + String.join("\n  ", errors));
        }
    }

    /**
     * Runs axe-core on the page as it is now and fails on every violation of impact serious or critical, naming its
     * rule, what it asks for and the elements that break it. Fails too where axe-core is not installed.
     */
    public void assertAccessible() {
        JavascriptExecutor js = driver;
        js.executeScript(axeSource());
        Object result = js.executeAsyncScript(RUN_AXE);
        if (!(result instanceof List<?> violations)) {
            throw new AssertionError(String.valueOf(result));
        }
        List<String> serious = new ArrayList<>();
        for (Object each : violations) {
            Map<?, ?> violation = (Map<?, ?>) each;
            Object impact = violation.get("impact");
            if ("serious".equals(impact) || "critical".equals(impact)) {
                serious.add(violation.get("id") + " (" + impact + "): " + violation.get("help") + " ["
                        + violation.get("helpUrl") + "]\n    on " + violation.get("targets"));
            }
        }
        if (!serious.isEmpty()) {
            fail(serious.size() + " serious or critical accessibility violation(s) (axe-core) on "
                    + driver.getCurrentUrl() + ":\n  " + String.join("\n  ", serious));
        }
    }

    // ---- Screenshots ----

    /**
     * The page as it is now, in {@code docs/console/<name>.png} at the repository root: the screenshots the docs
     * show are the ones the tests make.
     */
    public Path screenshot(String name) {
        return screenshot(RepositoryRoot.find().resolve("docs").resolve("console"), name);
    }

    /** The page as it is now, in {@code <folder>/<name>.png}; name in lower case, digits and dashes. */
    public Path screenshot(Path folder, String name) {
        if (!SCREENSHOT_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("screenshot name: lower case letters, digits and dashes: " + name);
        }
        try {
            Files.createDirectories(folder);
            Path file = folder.resolve(name + ".png");
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- Waiting and acting ----

    /**
     * Waits until an element matching the CSS selector has a text (as a person sees it) that the predicate accepts,
     * and answers that text; fails after 10 seconds with the texts it saw.
     */
    public String waitForText(String cssSelector, Predicate<String> accepted) {
        return waitForText(cssSelector, accepted, DEFAULT_WAIT);
    }

    /** {@link #waitForText(String, Predicate)} with a time of its own. */
    public String waitForText(String cssSelector, Predicate<String> accepted, Duration timeout) {
        List<String> seen = new ArrayList<>();
        try {
            return until(timeout, d -> {
                seen.clear();
                for (WebElement element : d.findElements(By.cssSelector(cssSelector))) {
                    String text = element.getText();
                    seen.add(text);
                    if (accepted.test(text)) {
                        return text;
                    }
                }
                return null;
            });
        } catch (TimeoutException e) {
            throw new AssertionError(
                    "no " + cssSelector + " with the text expected within " + timeout + "; texts seen: " + seen, e);
        }
    }

    /** Waits for the element with this {@code data-testid}, shown. */
    public WebElement byTestId(String testId) {
        String selector = "[data-testid=\"" + testId.replace("\"", "\\\"") + "\"]";
        return waitFor("the element with data-testid " + testId, d -> d.findElements(By.cssSelector(selector)).stream()
                .filter(WebElement::isDisplayed)
                .findFirst()
                .orElse(null));
    }

    /**
     * Waits for the shown field (input, textarea, select, or an element with a text-entry role) whose accessible
     * name, its label as a screen reader says it, is this one.
     */
    public WebElement field(String accessibleName) {
        return named(FIELDS, "field", accessibleName);
    }

    /** Types into the field with this accessible name, after emptying it; {@link Keys#ENTER} may end the text. */
    public void type(String accessibleName, CharSequence text) {
        WebElement field = field(accessibleName);
        field.clear();
        field.sendKeys(text);
    }

    /** Presses keys in whatever has the focus, as a keyboard would. */
    public void press(CharSequence... keys) {
        driver.switchTo().activeElement().sendKeys(keys);
    }

    /** Presses Enter in whatever has the focus. */
    public void pressEnter() {
        press(Keys.ENTER);
    }

    /** The element that has the focus now. */
    public WebElement focused() {
        return driver.switchTo().activeElement();
    }

    /** Clicks the shown button, link or other control whose accessible name is this one, once it is enabled. */
    public void click(String accessibleName) {
        clickWhenEnabled(named(CLICKABLES, "control", accessibleName));
    }

    /** Clicks the shown element with this {@code data-testid}, once it is enabled. */
    public void clickTestId(String testId) {
        clickWhenEnabled(byTestId(testId));
    }

    /** Quits the browser and its driver. */
    @Override
    public void close() {
        if (this == shared) {
            throw new IllegalStateException("the shared browser quits when the JVM ends");
        }
        quit();
    }

    private void quit() {
        driver.quit();
    }

    private void clickWhenEnabled(WebElement element) {
        waitFor("an enabled " + element.getTagName(), d -> element.isEnabled() ? element : null);
        element.click();
    }

    private WebElement named(String selector, String what, String accessibleName) {
        return waitFor(what + " named \"" + accessibleName + "\"", d -> {
            for (WebElement element : d.findElements(By.cssSelector(selector))) {
                if (element.isDisplayed() && accessibleName.equals(element.getAccessibleName())) {
                    return element;
                }
            }
            return null;
        });
    }

    private <T> T waitFor(String what, Function<WebDriver, T> found) {
        try {
            return until(DEFAULT_WAIT, found);
        } catch (TimeoutException e) {
            throw new AssertionError("no " + what + " on " + driver.getCurrentUrl() + " within " + DEFAULT_WAIT, e);
        }
    }

    private <T> T until(Duration timeout, Function<WebDriver, T> found) {
        return new WebDriverWait(driver, timeout)
                .ignoring(StaleElementReferenceException.class)
                .until(found::apply);
    }

    private void drainConsole() {
        for (LogEntry entry : driver.manage().logs().get(LogType.BROWSER)) {
            if (entry.getLevel().intValue() >= Level.SEVERE.intValue()) {
                consoleErrors.add(entry.getMessage());
            }
        }
    }

    private static String axeSource() {
        Path folder = RepositoryRoot.find().resolve("local-runtime").resolve("src/test/browser");
        Path axe = folder.resolve("node_modules/axe-core/axe.min.js");
        if (!Files.isRegularFile(axe)) {
            throw new AssertionError("axe-core is not installed in " + folder + ": the module's build installs it"
                    + " (mvn -pl local-runtime -am verify) where npm is installed (Node 20), or run npm ci there");
        }
        try {
            return Files.readString(axe, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
