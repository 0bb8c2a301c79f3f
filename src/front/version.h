/* The version `morph --version`, GTP `version` and the web server report. */
#ifndef MORPH_VERSION_H
#define MORPH_VERSION_H

#define MORPH_VERSION "0.2.0"

#endif
