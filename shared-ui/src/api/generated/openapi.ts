// Generated from docs/openapi.json by shared-ui/build/api-types.mjs: do not edit. Regenerate with
// `npm run openapi -w @ppl/bff && npm run api-types -w @ppl/shared-ui`.

export type paths = {
    "/backend/api/auth_login.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in: { success, token, user }, and the same token as an httpOnly cookie */
        post: operations["AuthLoginController_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/auth_logout.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: revokes the token on the server and clears the cookie */
        post: operations["AuthLogoutController_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/auth_check.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** { authenticated, user? } for the credential sent (200 either way) */
        get: operations["AuthCheckController_check"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_check"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/settings.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Site settings (public) */
        get: operations["SettingsController_get"];
        /** Save site settings (admin) */
        put: operations["SettingsController_save"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/subjects.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Subjects with paper counts (?level=), or one with its papers (?id=) */
        get: operations["SubjectsController_read"];
        /** Update a subject (?id= or an id field) */
        put: operations["SubjectsController_update"];
        /** Create a subject, or update one with `_method=PUT` and `id` */
        post: operations["SubjectsController_write"];
        /** Delete a subject (?id=); 409 while it has past papers */
        delete: operations["SubjectsController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/past_papers.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Papers (?category=, ?subject_id=), one (?id=), by subject code (?code=), or a file download
         * @description Downloads: ?download_variant_id={id}&variant_document_type=document|mark_scheme|examiner_report, or ?download_id={paperId}&document_type=... (the first variant with that document); &inline=1 to view.
         */
        get: operations["PastPapersController_read"];
        /** Update a past paper (multipart; ?id= or an id field) */
        put: operations["PastPapersController_update"];
        /** Create a past paper (multipart), or update one with `_method=PUT` and `id` */
        post: operations["PastPapersController_write"];
        /** Delete a past paper (?id=) with its variants, examiner reports and files */
        delete: operations["PastPapersController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/mark_schemes.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Mark schemes or one (?id=) for admins; anyone: its file (?download_id=, &inline=1 to view) */
        get: operations["MarkSchemesController_read"];
        /** Update a mark scheme (multipart; ?id= or an id field) */
        put: operations["MarkSchemesController_update"];
        /** Create a mark scheme (multipart, markSchemeFile), or update one with `_method=PUT` and `id` */
        post: operations["MarkSchemesController_write"];
        /** Delete a mark scheme (?id=) and its file */
        delete: operations["MarkSchemesController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/examiner_reports.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Examiner reports or one (?id=) for admins; anyone: its file (?download_id=, &inline=1 to view) */
        get: operations["ExaminerReportsController_read"];
        /** Update an examiner report (multipart; ?id= or an id field) */
        put: operations["ExaminerReportsController_update"];
        /** Create an examiner report (multipart, file), or update one with `_method=PUT` and `id` */
        post: operations["ExaminerReportsController_write"];
        /** Delete an examiner report (?id=) and its file */
        delete: operations["ExaminerReportsController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/download/papers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A past paper's first variant document (?document_type= picks another document) */
        get: operations["DownloadsController_paper"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/download/mark-schemes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A mark scheme file */
        get: operations["DownloadsController_markScheme"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/download/examiner-reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An examiner report file */
        get: operations["DownloadsController_examinerReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/files/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A stored file by its path relative to the upload folder, e.g. papers/<uuid>.pdf */
        get: operations["FilesController_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/faqs.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** { faqs, categories } (?category=, ?published_only=true), or one FAQ (?path={id}). Drafts for admins only. */
        get: operations["FaqsController_read[0]"];
        /** Update a FAQ (?path={id}); partial, e.g. { is_published } or { sort_order } */
        put: operations["FaqsController_update[0]"];
        /** Create a FAQ (the answer is sanitised HTML) */
        post: operations["FaqsController_create[0]"];
        /** Delete a FAQ (?path={id}) */
        delete: operations["FaqsController_remove[0]"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/faqs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** { faqs, categories } (?category=, ?published_only=true), or one FAQ (?path={id}). Drafts for admins only. */
        get: operations["FaqsController_read[1]"];
        /** Update a FAQ (?path={id}); partial, e.g. { is_published } or { sort_order } */
        put: operations["FaqsController_update[1]"];
        /** Create a FAQ (the answer is sanitised HTML) */
        post: operations["FaqsController_create[1]"];
        /** Delete a FAQ (?path={id}) */
        delete: operations["FaqsController_remove[1]"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/inquiries.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** { inquiries, total } (?page=1&limit=10&status=), or one inquiry (?path={id}) */
        get: operations["InquiriesController_read"];
        /** Set an inquiry's status (?path={id}, { status }) */
        put: operations["InquiriesController_setStatus"];
        /** Send an inquiry (public contact form) */
        post: operations["InquiriesController_create"];
        /** Delete an inquiry (?path={id}) */
        delete: operations["InquiriesController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/users.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List users, or one with ?id= */
        get: operations["UsersController_read"];
        /** Update a user (?id=) */
        put: operations["UsersController_update"];
        /** Create a user */
        post: operations["UsersController_create"];
        /** Delete a user (?id=) */
        delete: operations["UsersController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/backend/api/dashboard_stats.php": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** totalPapers, totalUsers, totalDownloads; admins also get totalReports, recentActivity, topResources */
        get: operations["DashboardController_stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        LoginDto: {
            /** Format: email */
            email: string;
            /** Format: password */
            password: string;
        };
        UpdateSettingsDto: {
            siteName: string;
            siteDescription?: string;
            /** Format: email */
            contactEmail: string;
            supportPhone?: string;
            liveChatHours?: string;
            officeAddress?: string;
            maintenanceMode?: boolean;
            allowRegistration?: boolean;
            /** @enum {string} */
            defaultUserRole?: "student" | "teacher" | "admin";
            /** Format: email */
            notificationEmail?: string;
            /** @default 10 */
            filesPerPage: number;
            /**
             * @description MB
             * @default 10
             */
            maxFileSize: number;
        };
        SubjectDto: {
            name: string;
            /** @description Unique regardless of case; used in URLs */
            code: string;
            /**
             * @default cambridge-o-levels
             * @enum {string}
             */
            level: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational";
            description?: string;
        };
        PastPaperFormDto: {
            subject_id: number;
            /** @enum {string} */
            session: "Feb/March" | "May/June" | "Oct/Nov";
            /** @description Up to the current year plus 5 */
            year: number;
            /** @description JSON list of { name, slug, version, id? }; files variant_{i}_document_path, variant_{i}_mark_scheme_path, variant_{i}_examiner_report_path */
            variants: string;
        };
        MarkSchemeFormDto: {
            subject: string;
            code: string;
            /** @description Up to the current year plus 10 */
            year: number;
            /** @enum {string} */
            session: "Feb/March" | "May/June" | "Oct/Nov";
            paperNumber: string;
            /** @description The linked past paper (optional) */
            past_paper_id?: number;
            /** @description On update: the current file_url, to keep the stored file */
            fileUrl?: string;
        };
        ExaminerReportFormDto: {
            past_paper_id: number;
            paper_number: string;
            summary: string;
        };
        CreateFaqDto: {
            question: string;
            /** @description HTML; sanitised on save */
            answer: string;
            /** @default General */
            category: string;
            /** @default 0 */
            sort_order: number;
            /** @default true */
            is_published: boolean;
        };
        UpdateFaqDto: {
            question?: string;
            /** @description HTML; sanitised on save */
            answer?: string;
            /** @default General */
            category: string;
            /** @default 0 */
            sort_order: number;
            /** @default true */
            is_published: boolean;
        };
        CreateInquiryDto: {
            name: string;
            /** Format: email */
            email: string;
            subject: string;
            message: string;
        };
        InquiryStatusDto: {
            /** @enum {string} */
            status: "new" | "in_progress" | "resolved";
        };
        CreateUserDto: {
            name: string;
            /** Format: email */
            email: string;
            /**
             * @default user
             * @enum {string}
             */
            role: "user" | "admin";
            /**
             * @default active
             * @enum {string}
             */
            status: "active" | "inactive";
            /** Format: password */
            password: string;
            /** Format: password */
            confirmPassword: string;
        };
        UpdateUserDto: {
            name: string;
            /** Format: email */
            email: string;
            /**
             * @default user
             * @enum {string}
             */
            role: "user" | "admin";
            /**
             * @default active
             * @enum {string}
             */
            status: "active" | "inactive";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    AuthLoginController_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuthLogoutController_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuthCheckController_check: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    HealthController_check: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SettingsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SettingsController_save: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSettingsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SubjectsController_read: {
        parameters: {
            query?: {
                /** @description One subject with its papers */
                id?: number;
                level?: "cambridge-o-levels" | "cambridge-a-levels" | "cambridge-igcse" | "edexcel-o-levels" | "edexcel-a-levels" | "edexcel-igcse" | "cbc-primary" | "cbc-secondary" | "other" | "vocational";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SubjectsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["SubjectDto"];
                "application/json": components["schemas"]["SubjectDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SubjectsController_write: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["SubjectDto"];
                "application/json": components["schemas"]["SubjectDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SubjectsController_remove: {
        parameters: {
            query: {
                id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PastPapersController_read: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
                /** @description One paper with its variants */
                id?: number;
                /** @description A subject's papers by subject code */
                code?: string;
                category?: string;
                subject_id?: number;
                /** @description summary: the compact shape (no variants, variant_count) */
                view?: "summary";
                /** @description Download a variant's document (with variant_document_type) */
                download_variant_id?: number;
                /** @description Default: document */
                variant_document_type?: "document" | "mark_scheme" | "examiner_report";
                /** @description Download the first variant's document of this paper (with document_type) */
                download_id?: number;
                /** @description Default: document */
                document_type?: "document" | "mark_scheme" | "examiner_report";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PastPapersController_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["PastPaperFormDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PastPapersController_write: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["PastPaperFormDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PastPapersController_remove: {
        parameters: {
            query: {
                id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MarkSchemesController_read: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
                /** @description One record (admins) */
                id?: number;
                /** @description Download the record's file (anyone) */
                download_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MarkSchemesController_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["MarkSchemeFormDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MarkSchemesController_write: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["MarkSchemeFormDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MarkSchemesController_remove: {
        parameters: {
            query: {
                id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ExaminerReportsController_read: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
                /** @description One record (admins) */
                id?: number;
                /** @description Download the record's file (anyone) */
                download_id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ExaminerReportsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ExaminerReportFormDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ExaminerReportsController_write: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ExaminerReportFormDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ExaminerReportsController_remove: {
        parameters: {
            query: {
                id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DownloadsController_paper: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
                /** @description Default: document */
                document_type?: "document" | "mark_scheme" | "examiner_report";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DownloadsController_markScheme: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DownloadsController_examinerReport: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FilesController_file: {
        parameters: {
            query?: {
                /** @description View in the browser (Content-Disposition: inline) instead of downloading */
                inline?: "1" | "0" | "true" | "false";
            };
            header?: never;
            path: {
                /** @description papers/<uuid>.pdf, mark-schemes/<uuid>.docx, ... */
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "FaqsController_read[0]": {
        parameters: {
            query?: {
                /** @description One FAQ */
                path?: number;
                category?: string;
                /** @description Only published FAQs (admins otherwise see drafts too) */
                published_only?: "1" | "0" | "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "FaqsController_update[0]": {
        parameters: {
            query: {
                path: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateFaqDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "FaqsController_create[0]": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateFaqDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "FaqsController_remove[0]": {
        parameters: {
            query: {
                path: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "FaqsController_read[1]": {
        parameters: {
            query?: {
                /** @description One FAQ */
                path?: number;
                category?: string;
                /** @description Only published FAQs (admins otherwise see drafts too) */
                published_only?: "1" | "0" | "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "FaqsController_update[1]": {
        parameters: {
            query: {
                path: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateFaqDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "FaqsController_create[1]": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateFaqDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "FaqsController_remove[1]": {
        parameters: {
            query: {
                path: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InquiriesController_read: {
        parameters: {
            query?: {
                /** @description One inquiry */
                path?: number;
                page?: number;
                limit?: number;
                status?: "new" | "in_progress" | "resolved";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InquiriesController_setStatus: {
        parameters: {
            query: {
                path: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InquiryStatusDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InquiriesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateInquiryDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InquiriesController_remove: {
        parameters: {
            query: {
                path: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    UsersController_read: {
        parameters: {
            query?: {
                id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    UsersController_update: {
        parameters: {
            query: {
                id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    UsersController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUserDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    UsersController_remove: {
        parameters: {
            query: {
                id: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DashboardController_stats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
