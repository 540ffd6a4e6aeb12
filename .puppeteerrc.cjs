// Chromium comes from Debian (/usr/bin/chromium); Puppeteer must never download a browser.
module.exports = { skipDownload: true, executablePath: process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium' };
